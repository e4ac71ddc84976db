import type { CommerceMock } from '../../api/mock.js';

/**
 * The domains of the real platform: the hosts of every Region (`api.{region}.{cloud}.commercetools.com`,
 * `auth.…`), China's (`….commercetools.cn`), and the old aliases (`api.commercetools.co`, `api.sphere.io`).
 */
const PLATFORM_DOMAINS = ['commercetools.com', 'commercetools.co', 'commercetools.cn', 'sphere.io'];

export function isPlatformHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return PLATFORM_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** The origins `mock` serves in process: its API's, its token server's, and the Import, Change History and Checkout APIs'. */
export function servedOrigins(mock: CommerceMock): Set<string> {
  const { apiUrl, authUrl, importUrl, historyUrl, checkoutUrl } = mock.options;
  return new Set([apiUrl, authUrl, importUrl, historyUrl, checkoutUrl]);
}

/** Whether `url` is on a host of the real platform that `mock` does not serve. */
export function isUnservedPlatformUrl(mock: CommerceMock, url: URL): boolean {
  return !servedOrigins(mock).has(url.origin) && isPlatformHost(url.hostname);
}

/**
 * Why a request to such a host fails: a test pointed at another Region by mistake must fail at once,
 * naming the configured origins, instead of sending its requests (and credentials) to the real platform.
 */
export function platformRefusal(mock: CommerceMock, origin?: string): Error {
  const { apiUrl, authUrl, importUrl, historyUrl, checkoutUrl } = mock.options;
  return new Error(
    `commerce-mock: refused a request to ${origin ?? 'a host'} of the real commercetools platform: this mock serves ` +
      `apiUrl ${apiUrl} and authUrl ${authUrl} (and importUrl ${importUrl}, historyUrl ${historyUrl}, checkoutUrl ${checkoutUrl}). ` +
      `Point the client at those, or set the mock's apiUrl/authUrl (or the other API's option) to the host you use.`,
  );
}

/**
 * What an in-process transport does with a request to `url`: serve it from the mock, let it through
 * to the network, or refuse it (the error says why). Hosts of the real platform other than the mock's
 * are refused whatever `allowNetConnect` says.
 */
export function routeOf(mock: CommerceMock, url: URL, allowNetConnect: boolean): 'serve' | 'pass' | Error {
  if (servedOrigins(mock).has(url.origin)) return 'serve';
  if (isPlatformHost(url.hostname)) return platformRefusal(mock, url.origin);
  if (!allowNetConnect) return new Error(`commerce-mock: refused a request to ${url.origin}: allowNetConnect is false.`);
  return 'pass';
}
