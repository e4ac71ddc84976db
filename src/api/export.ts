/**
 * Import and export: the whole state of a mock as plain, versioned JSON (docs/state-and-faults.md
 * documents the format). An export is a snapshot written out: every stored document with the key it
 * is found by, so loading it back rebuilds the same storage, indexes and messages included.
 */
import * as z from 'zod';
import type { TokenRecord } from '../auth/tokens.js';
import type { StorageBackend, StoredDocument } from '../storage/backend.js';
import { ProjectKey } from '../engine/validation.js';
import { once } from '../util/once.js';

export const EXPORT_FORMAT = 'commerce-mock/export';
export const EXPORT_VERSION = 1;

/** One stored document, with the value `getByKey` finds it by when it has one. */
export interface ExportedEntry {
  key?: string;
  document: StoredDocument;
}

/** What `mock.state.export()` gives and `mock.state.import()` / `initialData` take. */
export interface MockExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  /** Project key → collection (a type id, or an internal one such as `customer#email`) → its documents in order. */
  projects: Record<string, Record<string, ExportedEntry[]>>;
  /** The issued tokens, when exported with `{ tokens: true }`. */
  tokens?: TokenRecord[];
}

export interface ExportOptions {
  /** Include the issued tokens, so the clients of a restarted server stay signed in. Default false. */
  tokens?: boolean;
}

/** Thrown for a file `import()` refuses; `path` names its first problem (`projects.shop.product[2].document.version`). */
export class ImportError extends TypeError {
  constructor(
    readonly path: string,
    readonly problem: string,
    /** Where the file came from, when the caller knows better than `import()` (an option). */
    source?: string,
  ) {
    super(`commerce-mock: ${source ? `${source}: ` : ''}import refused at ${path || '(root)'}: ${problem}`);
    this.name = 'ImportError';
  }
}

/** An export file's shape, made on the first import of one (a suite may never import). */
const exportFile = once(() => {
  const Document = z.looseObject({ id: z.string().min(1), version: z.number().int().min(1) });

  const Entry = z.object({ key: z.string().min(1).optional(), document: Document }).strict();

  const Token = z
    .object({
      kind: z.enum(['client', 'customer', 'anonymous']),
      accessToken: z.string().min(1),
      refreshToken: z.string().min(1).optional(),
      tokenType: z.literal('Bearer'),
      clientId: z.string(),
      scope: z.string(),
      projectKey: z.string().optional(),
      customerId: z.string().optional(),
      anonymousId: z.string().optional(),
      storeKey: z.string().optional(),
      issuedAt: z.iso.datetime(),
      expiresIn: z.number().int().min(0),
    })
    .strict();

  return z
    .object({
      format: z.literal(EXPORT_FORMAT),
      version: z.literal(EXPORT_VERSION),
      exportedAt: z.string().optional(),
      projects: z.record(ProjectKey, z.record(z.string().min(1), z.array(Entry))),
      tokens: z.array(Token).optional(),
    })
    .strict();
});

const pathOf = (path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text === '' ? String(part) : `${text}.${String(part)}`),
    '',
  );

/** The file checked whole, before anything is loaded: its shape, then ids and keys unique per collection. */
export function parseExport(input: unknown): MockExport {
  const result = exportFile().safeParse(input);
  if (!result.success) {
    const [issue] = result.error.issues;
    throw new ImportError(pathOf(issue!.path), issue!.message);
  }
  const data = result.data as MockExport;
  for (const [project, collections] of Object.entries(data.projects)) {
    for (const [collection, entries] of Object.entries(collections)) {
      const ids = new Set<string>();
      const keys = new Set<string>();
      entries.forEach(({ key, document }, index) => {
        const at = `projects.${project}.${collection}[${index}]`;
        if (ids.has(document.id)) throw new ImportError(`${at}.document.id`, `the id '${document.id}' appears twice in the collection.`);
        ids.add(document.id);
        if (key === undefined) return;
        if (keys.has(key)) throw new ImportError(`${at}.key`, `the key '${key}' appears twice in the collection.`);
        keys.add(key);
      });
    }
  }
  const accessTokens = new Set<string>();
  data.tokens?.forEach((token, index) => {
    if (accessTokens.has(token.accessToken)) throw new ImportError(`tokens[${index}].accessToken`, 'the access token appears twice.');
    accessTokens.add(token.accessToken);
  });
  return data;
}

/** Every stored document of a backend, grouped by project and collection; `exportedAt` is the mock's time. */
export function exportStorage(storage: StorageBackend, tokens: TokenRecord[] | undefined, exportedAt: string): MockExport {
  if (!storage.entries) throw new TypeError(`commerce-mock: the ${storage.name} storage cannot export (it has no entries()).`);
  const projects: MockExport['projects'] = {};
  for (const { project, typeId, key, document } of storage.entries()) {
    const collections = (projects[project] ??= {});
    (collections[typeId] ??= []).push(key === undefined ? { document } : { key, document });
  }
  const data: MockExport = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt, projects };
  if (tokens) data.tokens = tokens;
  return data;
}

/** Writes a parsed export into an empty backend, in one transaction. */
export function loadStorage(storage: StorageBackend, data: MockExport): void {
  storage.transaction(() => {
    for (const [project, collections] of Object.entries(data.projects)) {
      for (const [typeId, entries] of Object.entries(collections)) {
        for (const { key, document } of entries) {
          storage.write(project, typeId, document, key === undefined ? { expectedVersion: 0 } : { expectedVersion: 0, key });
        }
      }
    }
  });
}
