// chat message update-card's check of its answer (a-q1, audit-30q): upstream does not trust an update_streaming_card
// answer that shows no sign of the write (helpers/chat.go:6304-6319, shortcut/chatmsg/card_update.go:73-210@c7521c1c).
// cardUpdateVerdict reads the answer as VerifyStreamingCardUpdate does and names the outcome; the plan refuses every
// outcome but `verified` and `accepted`.
import { JsonNumber } from '../json-number.js';

export type CardUpdateVerdict = 'verified' | 'accepted' | 'not_applied' | 'biz_id_mismatch' | 'unverified' | 'invalid';

interface Observation {
  bizIds: Set<string>;
  accepted: boolean;
  positive: boolean;
  negative: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof JsonNumber);

// Go's strings.TrimSpace: the Unicode white space at both ends.
const GO_SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const GO_TRIM = new RegExp(`^${GO_SPACE}+|${GO_SPACE}+$`, 'gu');
const goTrim = (s: string) => s.replace(GO_TRIM, '');

/** cardUpdateCount: a whole number (Go's json.Number.Int64: decimal digits only, so `5.0` and `1e2` are no count). */
function count(v: unknown): number | undefined {
  if (v instanceof JsonNumber) return /^-?\d+$/u.test(v.literal) ? Number(v.literal) : undefined;
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}

function observe(v: unknown, o: Observation): void {
  if (Array.isArray(v)) {
    for (const child of v) observe(child, o);
  } else if (typeof v === 'boolean') {
    if (v) o.positive = true;
    else o.negative = true;
  } else if (isObject(v)) {
    if (v.success === true) o.accepted = true;
    for (const key of ['bizId', 'bizID', 'biz_id']) {
      const id = v[key];
      if (typeof id === 'string' && goTrim(id) !== '') o.bizIds.add(goTrim(id));
    }
    for (const key of ['updated', 'applied']) {
      if (v[key] === true) o.positive = true;
      else if (v[key] === false) o.negative = true;
    }
    for (const key of ['affectedCount', 'updatedCount', 'modifiedCount']) {
      const n = count(v[key]);
      if (n !== undefined && n > 0) o.positive = true;
      else if (n === 0) o.negative = true;
    }
    // errorCode present and neither null nor blank text is a failure sign
    if (Object.hasOwn(v, 'errorCode')) {
      const code = v.errorCode;
      if (!(code === null || (typeof code === 'string' && goTrim(code) === ''))) o.negative = true;
    }
    if (v.success === false) o.negative = true;
    for (const key of ['result', 'data', 'response', 'card']) {
      if (Object.hasOwn(v, key)) observe(v[key], o);
    }
  }
}

/**
 * `{answer, bizId}` -> the outcome of upstream's check: `invalid` when the answer is not a JSON object (upstream's
 * decoding into a map fails; an empty answer counts as `{}`), `biz_id_mismatch` when a bizId/bizID/biz_id the answer
 * holds (in it or in its result/data/response/card, lists walked) differs from the one sent, `unverified` for signs of
 * both success and failure or none at all, `verified` for a sign of the write (a true result/updated/applied, a count
 * above 0), `not_applied` for a sign of failure alone (false, a count of 0, a non-blank errorCode, success false), else
 * `accepted` (success true and nothing more).
 */
export function cardUpdateVerdict(v: unknown): CardUpdateVerdict {
  const { answer, bizId } = isObject(v) ? v : {};
  const body = answer === undefined || answer === null || (typeof answer === 'string' && goTrim(answer) === '') ? {} : answer;
  if (!isObject(body)) return 'invalid';
  const o: Observation = { bizIds: new Set(), accepted: false, positive: false, negative: false };
  observe(body, o);
  const sent = typeof bizId === 'string' ? goTrim(bizId) : '';
  if (sent !== '' && [...o.bizIds].some((id) => id !== sent)) return 'biz_id_mismatch';
  if (o.negative && (o.positive || o.accepted)) return 'unverified';
  if (o.positive) return 'verified';
  if (o.negative) return 'not_applied';
  return o.accepted ? 'accepted' : 'unverified';
}
