/**
 * A real API extension service on a local port, as a project's own would be: it records each call
 * (body and headers) and answers what the test's `answer` returns, after `delayMs` if given.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ExtensionCallRecord {
  body: { action: string; resource: { typeId: string; id: string; obj: Record<string, any> } };
  headers: IncomingHttpHeaders;
}

export interface ServiceAnswer {
  status: number;
  /** Sent as JSON unless a string. */
  body?: unknown;
  delayMs?: number;
}

export interface ExtensionService {
  readonly url: string;
  readonly calls: ExtensionCallRecord[];
  close(): Promise<void>;
}

export async function startExtensionService(answer: (call: ExtensionCallRecord) => ServiceAnswer): Promise<ExtensionService> {
  const calls: ExtensionCallRecord[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const call = { body: JSON.parse(Buffer.concat(chunks).toString('utf8')), headers: request.headers };
      calls.push(call);
      const { status, body, delayMs = 0 } = answer(call);
      setTimeout(() => {
        if (response.destroyed) return;
        const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
        response.writeHead(status, { 'content-type': 'application/json' }).end(text);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/extension`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
