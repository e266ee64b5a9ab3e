// The Go models of upstream's named list helpers (c7521c1c), for notes/sweep-list.mjs (the fixture
// test/fixtures/sweep-list-upstream.json) and the property tests of test/plan/list-parsers.test.ts: each a port of the
// helper's body read at the line named, Go's strings.TrimSpace (unicode.IsSpace) and json.Unmarshal into []string
// included. A model returns {sent: list | null} (null: Go's nil slice) or {error} (the helper's error).
// unicode.IsSpace (what strings.TrimSpace and strings.Fields cut): U+0085 is space, U+FEFF is not (JavaScript's
// String.prototype.trim has it the other way round).
const GO_SPACE = '\t\n\v\f\r \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000';
const trimSpace = (s) => {
  let a = 0;
  let b = s.length;
  while (a < b && GO_SPACE.includes(s[a])) a++;
  while (b > a && GO_SPACE.includes(s[b - 1])) b--;
  return s.slice(a, b);
};
const trimCut = (s, cut) => {
  let a = 0;
  let b = s.length;
  while (a < b && cut.includes(s[a])) a++;
  while (b > a && cut.includes(s[b - 1])) b--;
  return s.slice(a, b);
};
/** json.Unmarshal(raw, &[]string): null elements stay "" (Go leaves the zero value); any other non-string fails. */
const unmarshalStrings = (raw) => {
  let v;
  try { v = JSON.parse(raw); } catch { return undefined; }
  if (v === null) return null;
  if (!Array.isArray(v) || !v.every((x) => x === null || typeof x === 'string')) return undefined;
  return v.map((x) => x ?? '');
};
const atoi = (s) => (/^[+-]?\d+$/u.test(s) && Math.abs(Number(s)) <= Number.MAX_SAFE_INTEGER ? Number(s) : undefined);
const splitTrimDrop = (s) => s.split(',').map(trimSpace).filter((x) => x !== '');

/** Each model: input text -> {sent} (a list, or null for a Go nil slice) or {error}. */
export const MODELS = {
  // helpers/contact.go:20-45
  parseCSVValues: (raw) => {
    raw = trimSpace(raw);
    if (raw === '') return { sent: null };
    const clean = (parts) => parts.map((p) => trimCut(trimSpace(p), '"\'')).filter((v) => v !== '');
    if (raw.startsWith('[') && raw.endsWith(']')) {
      const values = unmarshalStrings(raw);
      if (values !== undefined) return { sent: values === null ? [] : clean(values) };
      raw = trimSpace(raw.slice(1, -1));
    }
    return { sent: clean(raw.split(',')) };
  },
  // helpers/todo.go:1871 (nil for blank, else a made slice)
  parseExecutorIds: (s) => (trimSpace(s) === '' ? { sent: null } : { sent: splitTrimDrop(trimSpace(s)) }),
  // helpers/todo.go:2023 (nil when nothing is left)
  parseStringList: (s) => { const r = trimSpace(s) === '' ? [] : splitTrimDrop(s); return { sent: r.length ? r : null }; },
  // helpers/todo.go:1999: parts that are no int are skipped; nil when nothing is left
  parseIntList: (s) => { const r = splitTrimDrop(s).map(atoi).filter((n) => n !== undefined); return { sent: r.length ? r : null }; },
  // helpers/report.go:783, attendance.go:106, doc.go:5053: always a made slice
  parseReportUserIDs: (s) => ({ sent: splitTrimDrop(s) }),
  parseUserList: (s) => ({ sent: splitTrimDrop(s) }),
  // helpers/mail.go:4202
  parseRecipients: (s) => ({ sent: splitTrimDrop(s) }),
  parseCommentMentionIds: (s) => ({ sent: splitTrimDrop(s) }),
  // helpers/connect_acl.go:37: nil when nothing is left
  splitCommaList: (s) => { const r = splitTrimDrop(s); return { sent: r.length ? r : null }; },
  // helpers/doc.go:5124: trimmed, upper-cased, empties dropped
  parseRoleList: (s) => ({ sent: s.split(',').map((p) => trimSpace(p).toUpperCase()).filter((x) => x !== '') }),
  // helpers/devapp.go:2707: `;` is a comma too; nil for blank
  splitDevAppList: (s) => (trimSpace(s) === '' ? { sent: null } : { sent: splitTrimDrop(trimSpace(s).replaceAll(';', ',')) }),
  // helpers/contact.go:2000: parts that are no int64 are skipped
  parseCSVInts: (s) => ({ sent: splitTrimDrop(s).map(atoi).filter((n) => n !== undefined) }),
  // helpers/contact.go:2013: an empty part or a non-integer is an error
  parseCSVIntsStrict: (s) => {
    const out = [];
    for (const [i, p] of s.split(',').entries()) {
      const t = trimSpace(p);
      if (t === '') return { error: `item ${i + 1} empty` };
      const n = atoi(t);
      if (n === undefined) return { error: `item ${i + 1} not an integer` };
      out.push(n);
    }
    return { sent: out };
  },
  // helpers/chat.go:1296 (chat/deps.go:98 the same): empties skipped, a non-integer or nothing left is an error
  parseCSVInt64: (s) => {
    const out = [];
    for (const p of s.split(',')) {
      const t = trimSpace(p);
      if (t === '') continue;
      const n = atoi(t);
      if (n === undefined) return { error: `invalid integer ${JSON.stringify(t)}` };
      out.push(n);
    }
    return out.length ? { sent: out } : { error: 'at least one ID is required' };
  },
};
/** The dws transform chain that reproduces each helper (what the plan should run on the flag). */
export const EXPECTED_TRANSFORM = {
  parseCSVValues: 'csv_values',
  parseExecutorIds: 'csv_to_list',
  parseStringList: 'csv_to_list',
  parseIntList: 'csv_to_list,keep_matching',
  parseReportUserIDs: 'csv_to_list',
  parseUserList: 'csv_to_list',
  parseRecipients: 'csv_to_list',
  parseCommentMentionIds: 'csv_to_list',
  splitCommaList: 'csv_to_list',
  parseRoleList: 'csv_to_list,upper',
  splitDevAppList: 'split:,;',
  parseCSVInts: 'csv_to_list,keep_matching',
  parseCSVIntsStrict: 'csv_to_list,int',
  parseCSVInt64: 'csv_to_list,int',
};
// The fixed inputs of issue 32 (and two whitespace cases Go and JavaScript trim differently)
export const INPUTS = ['a,b', ' a , b ', 'a,,b', ',', '', '["a","b"]', '"a,b",c', 'a，b', 'a,b,a', '1,2', ' 1 , x ,2', '["a",null]', '\u0085a\u0085,b', '\ufeffa,b'];

