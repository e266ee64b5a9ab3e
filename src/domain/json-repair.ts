// --fix-jsonml's repair of JSON text with broken structure (upstream calls a JSON repair library,
// RealAlexandreAI/json-repair, doc_jsonml_pipeline.go:14-17, :266-278@c7521c1c, announced as the completion of
// brackets and commas). dws repairs that structure only, and only where the intended value is plain:
//   - a missing comma between two values of an array, or between a value and the next key of an object;
//   - a comma before a closing bracket, or doubled;
//   - at the end of the text: an open string closed, a dangling comma or a key without its value dropped, and the
//     open brackets closed in reverse order;
//   - a closing bracket of the wrong kind (`]` for an open `{`) read as the one that is open; one too many after the
//     top value dropped.
// Anything else (unquoted words, single quotes, comments) is left, so the text still does not parse and the command
// is refused: dws does not guess at content.
export function repairJson(text: string): string | undefined {
  const out: string[] = [];
  const open: ('{' | '[')[] = [];
  /** what the innermost container expects next: a value, a key, a colon, or a comma/close after a value */
  type State = 'value' | 'key' | 'colon' | 'after';
  let state: State = 'value';
  let sawTop = false;
  let i = 0;
  const n = text.length;
  const dropTrailingComma = (): void => {
    for (let k = out.length - 1; k >= 0; k--) {
      if (/^\s+$/u.test(out[k])) continue;
      if (out[k] === ',') out.splice(k, 1);
      return;
    }
  };
  while (i < n) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      out.push(c);
      i++;
      continue;
    }
    if (sawTop && open.length === 0) {
      // a closing bracket too many after the top value is dropped; any other text after it is not a structure repair
      if (c !== ']' && c !== '}') return undefined;
      i++;
      continue;
    }
    const top = open.length > 0 ? open[open.length - 1] : undefined;
    if (state === 'after' && top !== undefined && c !== ',' && c !== '}' && c !== ']' && c !== ':') {
      // two values without the comma between them
      out.push(',');
      state = top === '{' ? 'key' : 'value';
    }
    if (c === '"') {
      if (state !== 'value' && state !== 'key') return undefined;
      const wasKey: boolean = state === 'key';
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= n) {
        // an open string at the end: closed (a lone trailing backslash dropped)
        let body = text.slice(i, n);
        if (/(^|[^\\])(\\\\)*\\$/u.test(body)) body = body.slice(0, -1);
        out.push(body, '"');
        i = n;
      } else {
        out.push(text.slice(i, j + 1));
        i = j + 1;
      }
      state = wasKey ? 'colon' : 'after';
      sawTop ||= open.length === 0;
      continue;
    }
    if (c === '{' || c === '[') {
      if (state !== 'value') return undefined;
      out.push(c);
      open.push(c);
      state = c === '{' ? 'key' : 'value';
      i++;
      continue;
    }
    if (c === '}' || c === ']') {
      if (top === undefined) return undefined;
      if (state === 'colon') return undefined; // a key without its value: not plain
      dropTrailingComma();
      out.push(top === '{' ? '}' : ']');
      open.pop();
      i++;
      state = 'after';
      sawTop ||= open.length === 0;
      continue;
    }
    if (c === ',') {
      if (state === 'after') {
        out.push(',');
        state = top === '{' ? 'key' : 'value';
      }
      // a doubled comma, or one where a value or key should be: dropped
      i++;
      continue;
    }
    if (c === ':') {
      if (state !== 'colon') return undefined;
      out.push(':');
      state = 'value';
      i++;
      continue;
    }
    // a number or a literal
    const m = /^(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/u.exec(text.slice(i));
    if (m === null || state !== 'value') return undefined;
    out.push(m[0]);
    i += m[0].length;
    state = 'after';
    sawTop ||= open.length === 0;
  }
  if (state === 'colon') {
    // a key without its value at the end: the key dropped
    for (let k = out.length - 1; k >= 0; k--) {
      if (/^\s+$/u.test(out[k])) continue;
      out.splice(k, 1);
      break;
    }
  }
  dropTrailingComma();
  while (open.length > 0) out.push(open.pop() === '{' ? '}' : ']');
  const repaired = out.join('');
  try {
    JSON.parse(repaired);
    return repaired;
  } catch {
    return undefined;
  }
}
