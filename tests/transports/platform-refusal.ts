/** What the transports answer for a host of the real platform that the mock does not serve. */
import { expect } from '@playwright/test';
import type { CommerceMock } from '../../src/index.js';

/** Other Regions' API and auth hosts, and the old aliases, none of them the mock's default origins. */
export const OTHER_PLATFORM_ORIGINS = [
  'https://api.us-central1.gcp.commercetools.com',
  'https://auth.eu-central-1.aws.commercetools.com',
  'https://api.australia-southeast1.gcp.commercetools.com',
  'https://auth.cn-northwest-1.aws.commercetools.cn',
  'https://api.commercetools.co',
  'https://auth.sphere.io',
];

/**
 * The messages of an error and of what it wraps: global `fetch` wraps a MockAgent's refusal
 * (`TypeError: fetch failed`, the refusal as `cause`); the SDK wraps a failed fetch in `{ error }`.
 */
function messages(value: unknown, depth = 0): string[] {
  if (typeof value !== 'object' || value === null || depth > 3) return [];
  const { message, cause, error, body } = value as { message?: unknown; cause?: unknown; error?: unknown; body?: unknown };
  return [...(typeof message === 'string' ? [message] : []), ...[cause, error, body].flatMap((inner) => messages(inner, depth + 1))];
}

/** Expects `request` to fail within a second with the mock's refusal, which names the mock's origins. */
export async function expectPlatformRefusal(request: Promise<unknown>, mock: CommerceMock): Promise<void> {
  const started = performance.now();
  const failure = await request.then(
    () => 'it succeeded',
    (reason: unknown) => reason,
  );
  expect(performance.now() - started).toBeLessThan(1000);
  // Some clients wrap it in their own words (node-fetch 2: `request to … failed, reason: commerce-mock: refused …`).
  const refusal = messages(failure).find((message) => message.includes('commerce-mock: refused a request to'));
  expect(refusal, `the refusal, in ${String(failure)}`).toContain(`apiUrl ${mock.options.apiUrl} and authUrl ${mock.options.authUrl}`);
}
