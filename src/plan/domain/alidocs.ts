// The parts of an alidocs URL (https://alidocs.dingtalk.com/i/nodes/<baseId>?sheetId|tableId=&viewId=&recordId=,
// also inside `iframeQuery`), for the AI-table commands that take a link instead of ids: the `url_part` transform.
import { refuse, str, type Param } from '../transforms/types.js';

const URL_PARTS = ['baseId', 'tableId', 'viewId', 'recordId'];

export const url_part: Param = (part) => {
  if (typeof part !== 'string' || !URL_PARTS.includes(part)) throw new Error(`url_part is one of ${URL_PARTS.join(', ')}`);
  return (v, where) => {
    let u: URL;
    try {
      u = new URL(str(v, where));
    } catch {
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
  };
};
