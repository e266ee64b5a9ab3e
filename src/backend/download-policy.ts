// The hosts a download may reach when its plan step declares a URL policy (DownloadSpec.url_policy, docs/PLANS.md).
// One policy today, `dingtalk_resource`: upstream's message-resource download (internal/shortcut/chat/
// resource_download.go:239-348@c7521c1c, resourceDownloadInfo, isAliyunOSSHost, validateResourceDownloadURL,
// isResourceDownloadAllowedHost) takes only https URLs on the default port, without user info, whose host is not an IP
// literal and is dingtalk.com, a *.dingtalk.com host or a public Aliyun OSS endpoint; a plain-http OSS URL is upgraded
// to https first (the backend hands out signed http OSS links), any other http URL is refused. Every redirect hop is
// checked the same way (downloadResourceAtomically :526-551). The one widening: a loopback host (127.x, localhost, ::1)
// over http or https, on any port, when DWS_ALLOW_HTTP_ENDPOINTS=1, the documented switch that already lets dws talk to
// a loopback MCP server (backend/trust.ts); it never admits a remote host.
import { isIP } from 'node:net';
import { DwsError } from '../errors.js';
import type { Env } from './env.js';
import { isLoopback } from './trust.js';

/** The named URL policies a download step may declare. */
export const URL_POLICIES = ['dingtalk_resource', 'dingtalk_download'] as const;
export type UrlPolicy = (typeof URL_POLICIES)[number];

/** A host name lower-cased without the trailing dot Go's TrimSuffix(host, ".") removes. */
const bare = (host: string) => host.trim().toLowerCase().replace(/\.$/u, '');

/** upstream isAliyunOSSHost (resource_download.go:307-319): under aliyuncs.com, a label `oss` or `oss-*` without `internal`. */
export function isAliyunOssHost(host: string): boolean {
  const h = bare(host);
  if (!h.endsWith('.aliyuncs.com')) return false;
  return h.slice(0, -'.aliyuncs.com'.length).split('.').some((label) => (label === 'oss' || label.startsWith('oss-')) && !label.includes('internal'));
}

/** upstream isResourceDownloadAllowedHost (resource_download.go:339-348). */
const allowedHost = (host: string) => isAliyunOssHost(host) || host === 'dingtalk.com' || host.endsWith('.dingtalk.com');

/** upstream localio allowedDownloadHost (localio/download.go:376-379): any host under aliyuncs.com whose name holds `oss`, not `internal`. */
const allowedDownloadHost = (host: string) => host === 'dingtalk.com' || host.endsWith('.dingtalk.com') ||
  (host.endsWith('.aliyuncs.com') && host.includes('oss') && !host.includes('internal'));

/** The most redirects a policy follows: Go's CheckRedirect refuses at `len(via) >= 10` (resource) or `>= 5` (localio). */
export const policyRedirects = (policy: UrlPolicy): number => (policy === 'dingtalk_download' ? 5 : 10);

/** The host as Go's URL.Hostname gives it (an IPv6 literal without its brackets). */
const hostnameOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/u, '$1');

/** True when the URL text carries user info (`user@`, even an empty one, which Go's url.Parse keeps as a User). */
const hasUserInfo = (text: string) => /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/iu.test(text.trim());

/** Why the URL may not be downloaded under the policy, or undefined when it may (upstream validateResourceDownloadURL). */
export function downloadRefusal(url: URL, text: string, env: Env, policy: UrlPolicy = 'dingtalk_resource'): string | undefined {
  const host = bare(hostnameOf(url));
  if (isLoopback(url.hostname.toLowerCase()) && env.DWS_ALLOW_HTTP_ENDPOINTS === '1' && (url.protocol === 'http:' || url.protocol === 'https:') && !hasUserInfo(text)) return undefined;
  if (url.protocol !== 'https:' || host === '' || hasUserInfo(text)) return 'the download URL must be an https URL without user info on a trusted host';
  if (isIP(host) !== 0 || !(policy === 'dingtalk_download' ? allowedDownloadHost(host) : allowedHost(host))) return `the download host ${host} is not a DingTalk or Aliyun OSS host`;
  if (url.port !== '' && url.port !== '443') return 'the download URL must use the default https port';
  return undefined;
}

/**
 * The URL a `dingtalk_resource` download fetches (resourceDownloadInfo :266-283): a plain-http Aliyun OSS URL upgraded
 * to https, then checked; one the policy refuses is a backend_error (upstream's API error) before anything is sent.
 */
export function policyUrl(text: string, env: Env, policy: UrlPolicy = 'dingtalk_resource'): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new DwsError('backend_error', 'the resource download answer holds no valid https download URL');
  }
  if (policy === 'dingtalk_resource' && url.protocol === 'http:' && isAliyunOssHost(hostnameOf(url))) url.protocol = 'https:';
  const why = downloadRefusal(url, text, env, policy);
  if (why) throw new DwsError('backend_error', `the backend returned an untrusted download URL: ${why}`, 'nothing was downloaded; keep the trace id and report the URL host the backend gave');
  return url;
}

/** A redirect hop's target under the policy (downloadResourceAtomically's CheckRedirect): refused like the first URL. */
export function checkRedirect(url: URL, env: Env, policy: UrlPolicy = 'dingtalk_resource'): void {
  const why = downloadRefusal(url, url.href, env, policy);
  if (why) throw new DwsError('backend_error', `the download was redirected to an untrusted address: ${why}`, 'nothing was downloaded');
}
