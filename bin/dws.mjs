#!/usr/bin/env node
import '../dist/dws.mjs';
