// How upstream's `chat +messages-update-card` judges an update_streaming_card answer before it reports success
// (VerifyStreamingCardUpdate, internal/shortcut/chatmsg/card_update.go:73-215@c7521c1c): the answer is searched for
// evidence that the card changed, that the server only accepted the request, or that it did not apply it, and for the
// bizId it names. The transform `streaming_card_update` gives the verdict; the plan refuses the three failures and
// prints the accepted or verified ones.
import { isObject as isObj } from '../json-object.js';
import { trimSpace } from '../text/space.js';
import { JsonNumber } from '../json-number.js';

/** The verdict on one answer: `outcome` names it, the other fields are what upstream prints on success. */
export interface CardUpdateVerdict {
  outcome: 'verified' | 'accepted' | 'not_applied' | 'unverified' | 'biz_id_mismatch';
  accepted: boolean;
  verified: boolean;
  evidence: string;
}

interface Observation {
  bizIds: Set<string>;
  accepted: string;
  positive: string;
  negative: string;
}

const positive = (o: Observation, evidence: string) => {
  if (o.positive === '') o.positive = evidence;
};
const negative = (o: Observation, evidence: string) => {
  if (o.negative === '') o.negative = evidence;
};

/**
 * A count upstream reads (cardUpdateCount): a JSON number that is whole (a kept literal too, as json.Number.Int64
 * reads it: decimal digits only, so `5.0` and `1e2` are no count); anything else is no count.
 */
function wholeCount(v: unknown): number | undefined {
  if (v instanceof JsonNumber) return /^-?\d+$/u.test(v.literal) ? Number(v.literal) : undefined;
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}

/** An errorCode that says nothing went wrong (cardUpdateErrorCodeEmpty): null or a blank text. */
const emptyErrorCode = (v: unknown) => v === null || (typeof v === 'string' && trimSpace(v) === '');

function observe(v: unknown, o: Observation): void {
  if (Array.isArray(v)) {
    for (const child of v) observe(child, o);
  } else if (isObj(v)) {
    observeObject(v, o);
  } else if (typeof v === 'boolean') {
    if (v) positive(o, 'result=true');
    else negative(o, 'result=false');
  }
}

/** One object of the answer, its keys read in upstream's order (observeCardUpdateMap). */
function observeObject(m: Record<string, unknown>, o: Observation): void {
  if (m.success === true && o.accepted === '') o.accepted = 'success=true';
  for (const key of ['bizId', 'bizID', 'biz_id']) {
    const id = m[key];
    if (typeof id === 'string' && trimSpace(id) !== '') o.bizIds.add(trimSpace(id));
  }
  for (const key of ['updated', 'applied']) {
    if (m[key] === true) positive(o, `${key}=true`);
    else if (m[key] === false) negative(o, `${key}=false`);
  }
  for (const key of ['affectedCount', 'updatedCount', 'modifiedCount']) {
    const n = wholeCount(m[key]);
    if (n === undefined) continue;
    if (n > 0) positive(o, `${key}=${n}`);
    else if (n === 0) negative(o, `${key}=0`);
  }
  if (Object.hasOwn(m, 'errorCode') && !emptyErrorCode(m.errorCode)) negative(o, 'errorCode=non-empty');
  if (m.success === false) negative(o, 'success=false');
  // only the documented envelopes are searched, so an unrelated field cannot prove the write
  for (const key of ['result', 'data', 'response', 'card']) {
    if (Object.hasOwn(m, key)) observe(m[key], o);
  }
}

/** The verdict on an update_streaming_card answer for the bizId that was sent (trimmed). */
export function streamingCardUpdate(answer: unknown, bizId: string): CardUpdateVerdict {
  const requested = trimSpace(bizId);
  const o: Observation = { bizIds: new Set(), accepted: '', positive: '', negative: '' };
  // upstream decodes the answer into an object; any other JSON value holds no evidence
  if (isObj(answer)) observeObject(answer, o);
  const fail = (outcome: CardUpdateVerdict['outcome']): CardUpdateVerdict => ({ outcome, accepted: false, verified: false, evidence: '' });
  if (requested !== '' && [...o.bizIds].some((id) => id !== requested)) return fail('biz_id_mismatch');
  if (o.negative !== '' && (o.positive !== '' || o.accepted !== '')) return fail('unverified');
  if (o.positive !== '') return { outcome: 'verified', accepted: true, verified: true, evidence: o.positive };
  if (o.negative !== '') return fail('not_applied');
  if (o.accepted !== '') return { outcome: 'accepted', accepted: true, verified: false, evidence: o.accepted };
  return fail('unverified');
}

/**
 * The outcome alone, for `chat message update-card` (a-q1, helpers/chat.go:6304-6319@c7521c1c), whose plan passes
 * `{answer, bizId}`: an empty answer (missing, null or blank text) counts as `{}`; any other answer that is not a JSON
 * object is `invalid` (upstream's decoding into a map fails); else streamingCardUpdate's outcome.
 */
export function cardUpdateVerdict(v: unknown): CardUpdateVerdict['outcome'] | 'invalid' {
  const { answer, bizId } = isObj(v) ? v : {};
  const body = answer === undefined || answer === null || (typeof answer === 'string' && trimSpace(answer) === '') ? {} : answer;
  if (!isObj(body)) return 'invalid';
  return streamingCardUpdate(body, typeof bizId === 'string' ? bizId : '').outcome;
}
