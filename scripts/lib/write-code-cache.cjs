'use strict';
// Writes dist/dws.cjs.cache (see bin/dws.cjs): compiles the bundle without a cache, runs a leaf Inspect and then a
// search in this process (the functions both hot commands run get compiled), and stores V8's code cache with its
// header line. Run by scripts/build.mjs; stdout (the two answers) is discarded there. A hot command ends its process
// with process.exit(0), so that is held off until both have run; any other exit code fails the build.
const fs = require('node:fs');
const path = require('node:path');
const { compile, run, CACHE } = require(path.join(__dirname, '..', '..', 'bin', 'dws.cjs'));

const { script, id } = compile(false);
if (!id) throw new Error('dist/dws.cjs has no build id line');
const exit = process.exit.bind(process);
process.exit = (code) => {
  if (code) exit(code);
};
run(script, ['schema', 'chat.recall_message', '--compact'])
  .then(() => run(script, ['schema', 'search', '--query', '撤回刚发的群消息, then remind the team by DING']))
  .then(() => {
    const data = script.createCachedData();
    fs.writeFileSync(CACHE, Buffer.concat([Buffer.from(`dws-code-cache ${id} ${data.length}\n`, 'latin1'), data]));
    exit(0);
  }, (err) => {
    console.error(err);
    exit(1);
  });
