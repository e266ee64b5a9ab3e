// The ranking after the core, as one ordered list of named stages (each its own file, each tuned or switched by one
// ranking option; docs/ranking.md has the measurement that keeps it). Reading this list tells the whole pipeline
// after the query phase (first-phase.ts: Exact Guard, filters, avoid demotion, rerank multipliers, WASM core, pins):
// object_guard (a destructive command on a container of the thing named goes below it), merge, step_fill, known_gaps,
// confidence.
import { confidence } from './confidence.js';
import { knownGaps } from './known-gaps.js';
import { merge } from './merge.js';
import { objectGuard } from './object-guard.js';
import { stepFill } from './step-fill.js';
import type { Stage } from './types.js';

export const STAGES: readonly Stage[] = [objectGuard, merge, stepFill, knownGaps, confidence];
