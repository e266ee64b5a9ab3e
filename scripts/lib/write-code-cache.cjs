'use strict';
// Writes dist/dws.cjs.cache (see bin/dws.cjs): compiles the bundle without a cache, runs a leaf Inspect and then a
// search in this process (the functions both hot commands run get compiled), and at exit stores V8's code cache
// with its header line. Run by scripts/build.mjs; stdout (the two answers) is discarded there.
const fs = require('node:fs');
const path = require('node:path');
const { compile, run, CACHE } = require(path.join(__dirname, '..', '..', 'bin', 'dws.cjs'));

const { script, id } = compile(false);
if (!id) throw new Error('dist/dws.cjs has no build id line');
process.on('exit', (code) => {
  if (code !== 0) return;
  const data = script.createCachedData();
  fs.writeFileSync(CACHE, Buffer.concat([Buffer.from(`dws-code-cache ${id} ${data.length}\n`, 'latin1'), data]));
});
run(script, ['schema', 'chat.recall_message', '--compact'])
  .then(() => run(script, ['schema', 'search', '--query', '撤回刚发的群消息, then remind the team by DING']));
