#!/usr/bin/env node
// Generates catalog/lexicon/query-terms.yaml, the query-term lexicon (src/build/query-lexicon.ts: request words ->
// the catalog terms the commands asked for with them say), and catalog/lexicon/product-words.yaml (src/build/
// product-words.ts: request words that name one product), from the train side of eval/written. Run it after the
// catalog text or the written set changes, then `npm run build`; commit the output.
//   node scripts/gen-query-lexicon.mjs               the shipped lexicon (train side)
//   node scripts/gen-query-lexicon.mjs --validation  mined without the validation fold too, to choose options on
//                                                    `npm run eval -- --written eval/written --split valid`
//   --options '{"perWord":2}'                        other mining options (src/build/query-lexicon.ts MineOptions)
//   --product-options '{"maxNeighbour":0.9}'         other product-word options (src/build/product-words.ts)
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { bundleEntry } from './lib/bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = await bundleEntry(path.join(root, 'src', 'build', 'query-lexicon-main.ts'), path.join(root, 'build', 'tools', 'gen-query-lexicon.mjs'));
const { generate, generateProductWords } = await import(pathToFileURL(outfile).href);
const at = process.argv.indexOf('--options');
const options = at > 0 ? JSON.parse(process.argv[at + 1]) : {};
const text = generate(path.join(root, 'catalog'), path.join(root, 'eval', 'written'), process.argv.includes('--validation'), options);
const target = path.join(root, 'catalog', 'lexicon', 'query-terms.yaml');
writeFileSync(target, text);
console.log(`wrote ${path.relative(root, target)} (${text.length} bytes)`);
// The product words (src/build/product-words.ts), mined from the same side.
const pat = process.argv.indexOf('--product-options');
const productOptions = pat > 0 ? JSON.parse(process.argv[pat + 1]) : {};
const words = generateProductWords(path.join(root, 'catalog'), path.join(root, 'eval', 'written'), process.argv.includes('--validation'), productOptions);
const wordsTarget = path.join(root, 'catalog', 'lexicon', 'product-words.yaml');
writeFileSync(wordsTarget, words);
console.log(`wrote ${path.relative(root, wordsTarget)} (${words.length} bytes)`);
