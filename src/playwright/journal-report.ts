/**
 * The request journal as a failing test's report shows it: one line per request (time, method,
 * path and query, status, duration, caller), each followed by its request and response bodies.
 */
import type { JournalEntry } from '../core/journal.js';

const BODY_CHARACTERS = 1000;

function clip(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' ');
  return flat.length <= BODY_CHARACTERS ? flat : `${flat.slice(0, BODY_CHARACTERS)}… (${flat.length - BODY_CHARACTERS} more characters)`;
}

/** Where the test's mock was: the URL its clients had to use, and whether it was a server in remote mode. */
export interface JournalSource {
  apiUrl: string;
  remote: boolean;
}

/**
 * A failing test that sent the mock nothing was most likely talking to something else: the reasons,
 * short enough for the terminal's 300 characters.
 */
function noRequests({ apiUrl, remote }: JournalSource): string {
  if (remote) {
    return (
      `The mock at ${apiUrl} received no requests in this test. Likely causes: the app is pointed elsewhere (its API and auth ` +
      `URL must be ${apiUrl}: check the env of its webServer), or it did not call the platform in this test.\n`
    );
  }
  return (
    'The mock received no requests in this test. Likely causes: the app runs in a process of its own (webServer, a child ' +
    `process), which needs commerceMock: { serverUrl } or await commerce.url() as its API URL; or it calls a host other than ${apiUrl}.\n`
  );
}

export function formatJournal(entries: readonly JournalEntry[], source: JournalSource): string {
  if (entries.length === 0) return noRequests(source);
  const rows = entries.map((entry) => ({
    entry,
    cells: [
      entry.time.slice(11, 23),
      entry.method,
      entry.query ? `${entry.path}?${decodeQuery(entry.query)}` : entry.path,
      String(entry.status),
      `${entry.durationMs.toFixed(1)} ms`,
      entry.caller.id === undefined ? entry.caller.kind : `${entry.caller.kind} ${entry.caller.id}`,
    ],
  }));
  const header = ['time', 'method', 'path', 'status', 'took', 'caller'];
  const widths = header.map((title, column) => Math.min(80, Math.max(title.length, ...rows.map((row) => row.cells[column]!.length))));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  const out = [`${entries.length} request${entries.length === 1 ? '' : 's'} to the mock, oldest first:`, '', line(header)];
  for (const { entry, cells } of rows) {
    out.push(line(cells));
    if (entry.requestBody !== undefined) out.push(`    > ${clip(entry.requestBody)}`);
    if (entry.responseBody !== undefined) out.push(`    < ${clip(entry.responseBody)}`);
  }
  return `${out.join('\n')}\n`;
}

/**
 * One line per request, newest last: what a terminal reporter shows of a text attachment (its first
 * 300 characters), with the full table and bodies in the journal file beside it.
 */
export function summarizeJournal(entries: readonly JournalEntry[], source: JournalSource): string {
  if (entries.length === 0) return noRequests(source);
  const lines = entries.map((entry) => `${entry.method} ${entry.path} → ${entry.status}`);
  return `${entries.length} request${entries.length === 1 ? '' : 's'}; the table with bodies is the attachment 'commerce-mock journal':\n${lines.join('\n')}\n`;
}

/** Query strings read better decoded (`where=email = "a@b.c"`); a malformed one is shown as sent. */
function decodeQuery(query: string): string {
  try {
    return decodeURIComponent(query.replace(/\+/g, ' '));
  } catch {
    return query;
  }
}
