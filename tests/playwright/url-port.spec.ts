/**
 * `commerce.url({ port })` and the worker fixture `commerceUrl({ port })`: the worker's one server for
 * other processes, on the port its first call chose (docs/playwright.md, "One app per worker").
 */
import { type AddressInfo, createServer, type Server } from 'node:net';
import { tagDraft } from '../../src/index.js';
import { test, expect } from '../support/commerce.js';

// Options of this file's own: a worker of its own, whose server no test of another file has started.
test.use({ commerceMock: { defaultProjectKey: 'chosen-port' } });

const customerDraft = (email: string) => tagDraft({ email, password: 'secret', firstName: 'Ada' }, 'customer');

test.describe('url({ port }) and the worker fixture commerceUrl', () => {
  test.describe.configure({ mode: 'serial' });

  /** A port nothing listens on now, and a server holding another one. */
  async function ports(): Promise<{ free: number; taken: Server }> {
    const listening = async () => {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return server;
    };
    const probe = await listening();
    const free = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    return { free, taken: await listening() };
  }

  test('the worker serves on the port its first call asks for; a port in use or another port later is refused', async ({
    commerce,
    commerceUrl,
    request,
  }) => {
    const { free, taken } = await ports();
    const takenPort = (taken.address() as AddressInfo).port;
    try {
      await expect(commerce.url({ port: takenPort })).rejects.toThrow(
        new RegExp(`this worker's mock cannot serve on port ${takenPort} \\(listen EADDRINUSE.*give each worker a port of its own`),
      );
    } finally {
      taken.close();
    }
    // The refusal started nothing: the next call may ask again.
    const url = await commerceUrl({ port: free });
    expect(url).toBe(`http://127.0.0.1:${free}`);
    expect(await commerce.url()).toBe(url);
    expect(await commerce.url({ port: free })).toBe(url);
    await expect(commerce.url({ port: free + 1 })).rejects.toThrow(
      `url({ port: ${free + 1} }) asks for a port this worker's mock does not serve: it serves ${url} since its first url() call.`,
    );
    await commerce.data.seed(customerDraft('chosen@example.com'));
    const listed = await request.get(`${url}/chosen-port/customers`);
    expect((await listed.json()).results.map((c: { email: string }) => c.email)).toEqual(['chosen@example.com']);
  });

  test('the next test in the worker finds the same server, emptied', async ({ commerce, commerceUrl, request }) => {
    const url = await commerceUrl();
    expect(await commerce.url()).toBe(url);
    expect((await (await request.get(`${url}/chosen-port/customers`)).json()).total).toBe(0);
  });
});
