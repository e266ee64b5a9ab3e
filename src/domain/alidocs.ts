// The parts of an alidocs URL (https://alidocs.dingtalk.com/i/nodes/<baseId>?sheetId|tableId=&viewId=&recordId=,
// also inside `iframeQuery`), for the AI-table commands that take a link instead of ids (the `url_part` transform).
import { DwsError } from '../errors.js';

export const URL_PARTS = ['baseId', 'tableId', 'viewId', 'recordId'] as const;
export type UrlPart = (typeof URL_PARTS)[number];

const refuse = (where: string, v: unknown, what: string): never => {
  throw new DwsError('invalid_parameter', `${where}: ${JSON.stringify(v)} is not ${what}`, 'correct the value and run the command again');
};

/** One part of the URL, undefined when the URL does not carry it; a value that is not such a URL is refused. */
export function alidocsUrlPart(part: UrlPart, v: unknown, where: string): string | undefined {
  let u: URL;
  try {
    u = new URL(typeof v === 'string' ? v : refuse(where, v, 'text'));
  } catch (e) {
    if (e instanceof DwsError) throw e;
    return refuse(where, v, 'a URL');
  }
  const segs = u.pathname.split('/').filter((x) => x.length);
  if (u.protocol !== 'https:' || u.hostname.toLowerCase() !== 'alidocs.dingtalk.com' || segs.length !== 3 || segs[0] !== 'i' || segs[1] !== 'nodes') {
    return refuse(where, v, 'an https://alidocs.dingtalk.com/i/nodes/<id> URL');
  }
  if (part === 'baseId') return decodeURIComponent(segs[2]);
  const nested = new URLSearchParams(u.searchParams.get('iframeQuery') ?? '');
  const keys = part === 'tableId' ? ['sheetId', 'tableId'] : [part];
  for (const q of [u.searchParams, nested]) for (const k of keys) if (q.get(k)) return q.get(k)!;
  return undefined;
}
