// sweep-time: list every upstream (c7521c1c, extracted at /tmp/up) caller of a time helper — the range check
// (ValidateTimeRange and other order/span/past checks) and every time parser — with the Go function and the nearest
// cobra `Use:` around it, so each (helper, command) pair can be checked against dws.
// Usage: node notes/sweep-time.mjs [/tmp/up] > notes/sweep-time.callers.tsv
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = process.argv[2] ?? '/tmp/up';
const PATTERNS = [
  ['validateTimeRange', /\b[vV]alidateTimeRange\(/u],
  ['parseISOTimeToMillis', /\b[pP]arseISOTimeToMillis\(/u],
  ['time.Parse', /\btime\.Parse\(/u],
  ['ParseInLocation', /\bParseInLocation\(/u],
  ['ParseDuration', /\bParseDuration\(/u],
  ['UnixMilli', /\bUnixMilli\(/u],
  ['Unix()', /\.Unix\(\)/u],
  ['layout', /"2006-01-02|"20060102|"15:04/u],
  ['RFC3339', /RFC3339/u],
  ['zone', /time\.Local\b|LoadLocation\(|FixedZone\(/u],
  // the wrappers around them: each caller of one is a caller of the Go layouts inside it
  ['wrapper', /\b(parseDateToTimestamp|normalizeWorkDate|dayMillis|dayDateTime|flexMillis|flexDateTime|dateToMillis|parseMillis|reportParseISOMillis|findRoomParseMillis|freebusyParseMillis|parseISO8601ToMillis|parseDingTalkMessageTime|minutesTimeRange|reportTimeValueToMillis|defaultChatMessageTimeRange|defaultChatMessageListAllTimeRange)\(/u],
  ['order', /\.(Before|After|Sub)\(|\bend(Ms|Time|T)?\s*(<=|<|>=)\s*start|\bstart(Ms|Time|T)?\s*(>=|>)\s*end/u],
];

function* goFiles(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* goFiles(p);
    else if (name.endsWith('.go') && !name.endsWith('_test.go')) yield p;
  }
}

const rows = [];
for (const base of ['internal', 'pkg']) {
  for (const file of goFiles(join(root, base))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (/^\s*\/\//u.test(line)) return;
      for (const [name, re] of PATTERNS) {
        if (!re.test(line)) continue;
        let fn = '';
        let use = '';
        for (let j = i; j >= 0; j--) {
          if (!use) { const u = /Use:\s*"([^"]+)"/u.exec(lines[j]); if (u) use = u[1].split(' ')[0]; }
          const f = /^func\s+(?:\([^)]*\)\s*)?(\w+)/u.exec(lines[j]);
          if (f) { fn = f[1]; break; }
        }
        // a Use: within the next lines of a command constructor (shortcuts declare Use after the func line)
        if (!use) for (let j = i; j < Math.min(lines.length, i + 1); j++) { const u = /Use:\s*"([^"]+)"/u.exec(lines[j]); if (u) use = u[1]; }
        rows.push([`${relative(root, file)}:${i + 1}`, name, fn, use, line.trim().slice(0, 110)]);
      }
    });
  }
}
console.log(['where@c7521c1c', 'helper', 'go func', 'nearest Use', 'line'].join('\t'));
for (const r of rows) console.log(r.join('\t'));
const count = {};
for (const r of rows) count[r[1]] = (count[r[1]] ?? 0) + 1;
console.error(JSON.stringify(count));
