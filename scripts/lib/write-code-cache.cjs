'use strict';
// Writes dist/dws.cjs.cache and dist/exec.cjs.cache (see bin/dws.cjs): compiles each bundle without a cache, runs
// its hot commands in this process (so the functions they run get compiled) and stores V8's code cache with its
// header line. dws.cjs: a leaf Inspect, then a search. exec.cjs: dry runs of an atomic command and of a composite
// one, whose plans run no backend. Run by scripts/build.mjs; stdout (the answers) is discarded there. A hot command
// ends its process with process.exit(0), so that is held off until all have run; any other exit code fails the build.
const fs = require('node:fs');
const path = require('node:path');
const { compile, run, cacheFile } = require(path.join(__dirname, '..', '..', 'bin', 'dws.cjs'));

const WARM = {
  dws: [
    ['schema', 'chat.recall_message', '--compact'],
    ['schema', 'search', '--query', '撤回刚发的群消息, then remind the team by DING'],
  ],
  exec: [
    ['chat', 'message', 'recall', '--conversation-id', 'cidXyZ123', '--message-id', 'msgAbc456', '--dry-run'],
    ['chat', '+dm', '--to', 'someone', '--text', 'hi', '--dry-run'],
  ],
};

const exit = process.exit.bind(process);
process.exit = (code) => {
  if (code) exit(code);
};

async function writeCache(name) {
  const { script, id } = compile(false, name);
  if (!id) throw new Error(`dist/${name}.cjs has no build id line`);
  for (const argv of WARM[name]) await run(script, argv, name);
  const data = script.createCachedData();
  fs.writeFileSync(cacheFile(name), Buffer.concat([Buffer.from(`dws-code-cache ${id} ${data.length}\n`, 'latin1'), data]));
}

(async () => {
  for (const name of Object.keys(WARM)) await writeCache(name);
})().then(() => exit(0), (err) => {
  console.error(err);
  exit(1);
});
