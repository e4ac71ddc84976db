/**
 * A catalog of real size (issue 30): `PRODUCTS` published products of 3 variants (default 100,000;
 * `PRODUCTS=10000` for a quick run), seeded from the factories, then, through `mock.handle()` with
 * the body serialised as a transport would:
 * - seeding time (`mock.data.seed`), and the heap the products add and the search index adds, per product;
 * - the first product projection search (aim under 2 s; a seed of 1,000 products or more builds the
 *   current view's index, so seeding pays for it and this search builds only the columns it reads);
 * - the median search with text, two filters and two facets (aim under 50 ms), the same without text,
 *   one with a selective filter (one colour of eight) and the two facets, the Product Search
 *   API (POST /products/search), and a search right after one product update (incremental re-index);
 * - the peer `@labdigital/commercetools-mock` on the same catalog, each in its own process: its
 *   projection search has no full text, so it runs the same search without `text` (and ours too,
 *   side by side), and its Product Search the same body. `PEER=0` skips the peer.
 * Run: npm run bench:catalog   (heap figures need --expose-gc, which the script passes to its children)
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { faker, productFactory, productTypeFactory } from '../factories/index.js';
import { measure, type Figure } from './support.js';

const PRODUCTS = Number(process.env.PRODUCTS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 30);
const PROJECT = 'bench';
const COLORS = ['red', 'blue', 'green', 'black', 'white', 'yellow', 'grey', 'navy'];
const SIZES = ['S', 'M', 'L', 'XL'];

/** What one child reports: figures in ms, heap in bytes. */
interface Report {
  target: string;
  seedMs: number;
  firstMs: number;
  heapBefore: number;
  heapSeeded: number;
  heapIndexed: number;
  figures: Figure[];
  total: number;
}

/** The same drafts in every process (faker seeded): colours by product, sizes by variant. */
function catalogDrafts() {
  faker.seed(42);
  const productType = productTypeFactory.asDefault().build();
  const perColor = Math.ceil(PRODUCTS / COLORS.length);
  const drafts = COLORS.flatMap((color) =>
    productFactory.withVariants(2).published().withAttributes({ name: 'color', value: color }).buildList(perColor),
  ).slice(0, PRODUCTS);
  drafts.forEach((draft, i) => {
    [draft.masterVariant!, ...(draft.variants ?? [])].forEach((variant, index) => {
      // The SDK declares draft fields read-only; the bench edits the built drafts in place.
      (variant as { attributes?: unknown[] }).attributes = [
        ...(variant.attributes ?? []),
        { name: 'size', value: SIZES[(i + index) % SIZES.length]! },
      ];
    });
  });
  // A word in many product names (faker's productName: "<adjective> <material> <product>").
  const words = new Map<string, number>();
  for (const draft of drafts) for (const word of draft.name.en!.toLowerCase().split(/\s+/)) words.set(word, (words.get(word) ?? 0) + 1);
  const [word] = [...words.entries()].sort((a, b) => b[1] - a[1])[0]!;
  return { productType, drafts, word };
}

const filters = {
  'filter.query': ['variants.attributes.size.key:"M","L"'],
  filter: ['variants.price.centAmount:range (1000 to 30000)'],
  facet: ['variants.attributes.color', 'variants.price.centAmount:range (0 to 10000), (10000 to *)'],
};
const productSearchBody = (word: string | undefined) => ({
  query: {
    and: [
      ...(word ? [{ fullText: { field: 'name', language: 'en', value: word } }] : []),
      { exact: { field: 'variants.attributes.size.key', fieldType: 'enum', values: ['M', 'L'] } },
    ],
  },
  facets: [{ distinct: { name: 'color', field: 'variants.attributes.color', fieldType: 'text' } }],
  markMatchingVariants: true,
});

const heap = (): number => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
};

async function ours(): Promise<Report> {
  const { createCommerceMock } = await import('../src/index.js');
  const { productType, drafts, word } = catalogDrafts();
  const mock = createCommerceMock({ defaultProjectKey: PROJECT });
  mock.data.seed(productType);
  const heapBefore = heap();
  const seedStart = performance.now();
  mock.data.seed(drafts);
  const seedMs = performance.now() - seedStart;
  const heapSeeded = heap();

  const query = (withText: boolean) => {
    const search = new URLSearchParams(withText ? [['text.en', word]] : []);
    for (const [name, values] of Object.entries(filters)) for (const value of values) search.append(name, value);
    return `/${PROJECT}/product-projections/search?${search}`;
  };
  const get = (url: string) => () => {
    const response = mock.handle({ method: 'GET', url, headers: {} });
    if (response.status !== 200) throw new Error(`search failed: ${JSON.stringify(response.body)}`);
    return JSON.stringify(response.body);
  };
  const post = (body: unknown) => {
    const text = JSON.stringify(body);
    return () => {
      const response = mock.handle({ method: 'POST', url: `/${PROJECT}/products/search`, headers: {}, body: text });
      if (response.status !== 200) throw new Error(`product search failed: ${JSON.stringify(response.body)}`);
      return JSON.stringify(response.body);
    };
  };
  // A selective filter, as a category or colour page has: an eighth of the catalog matches.
  const colourPage = `/${PROJECT}/product-projections/search?${new URLSearchParams([
    ['filter.query', `variants.attributes.color:"${COLORS[0]}"`],
    ...filters.facet.map((facet) => ['facet', facet] as [string, string]),
  ])}`;
  const search = get(query(true));
  const firstStart = performance.now();
  const { total } = JSON.parse(search()) as { total: number };
  const firstMs = performance.now() - firstStart;
  const heapIndexed = heap();

  const figures = [
    await measure(`projection search: text "${word}" + 2 filters + 2 facets`, RUNS, search, 5),
    await measure('projection search: 2 filters + 2 facets (no text)', RUNS, get(query(false)), 5),
    await measure('projection search: one colour (1/8) + 2 facets (no text)', RUNS, get(colourPage), 5),
    await measure('products/search: fullText + exact + facet', RUNS, post(productSearchBody(word)), 5),
    await measure('products/search: exact + facet (no text)', RUNS, post(productSearchBody(undefined)), 5),
  ];
  // One write, then the search: only the changed product is analysed again.
  let target = mock.data.all<{ id: string; version: number }>('product')[PRODUCTS >> 1]!;
  figures.push(
    await measure(
      'update one product, then the text search',
      RUNS,
      (i) => {
        target = mock.data.update('product', target.id, {
          version: target.version,
          actions: [{ action: 'changeName', name: { en: `Renamed ${word} ${i}` }, staged: false }],
        });
        return search();
      },
      3,
    ),
  );
  return { target: 'ours', seedMs, firstMs, heapBefore, heapSeeded, heapIndexed, figures, total };
}

/** The peer, driven in process through its repositories (its services call the same): create, search. */
async function peer(): Promise<Report> {
  const { CommercetoolsMock } = await import('@labdigital/commercetools-mock');
  const { productType, drafts } = catalogDrafts();
  const mock = new CommercetoolsMock({ defaultProjectKey: PROJECT, enableAuthentication: false, validateCredentials: false, silent: true });
  const context = { projectKey: PROJECT };
  const project = mock.project(PROJECT);
  await project.getRepository('product-type').create(context, productType as never);
  const heapBefore = heap();
  const seedStart = performance.now();
  for (const draft of drafts) await project.getRepository('product').create(context, draft as never);
  const seedMs = performance.now() - seedStart;
  const heapSeeded = heap();
  const projections = project.getRepository('product-projection') as unknown as {
    search(context: object, params: object): Promise<unknown>;
  };
  const products = project.getRepository('product') as unknown as { search(context: object, body: object): Promise<unknown> };
  const search = async () => JSON.stringify(await projections.search(context, { ...filters, staged: false }));
  const firstStart = performance.now();
  const { total } = JSON.parse(await search()) as { total: number };
  const firstMs = performance.now() - firstStart;
  const heapIndexed = heap();
  const few = Math.min(RUNS, 3);
  const figures = [
    await measure('projection search: 2 filters + 2 facets (no text)', few, search, 1),
    await measure(
      'products/search: exact + facet (no text)',
      few,
      async () => JSON.stringify(await products.search(context, productSearchBody(undefined))),
      1,
    ),
  ];
  return { target: 'peer', seedMs, firstMs, heapBefore, heapSeeded, heapIndexed, figures, total };
}

const role = process.argv[2];
if (role === 'ours' || role === 'peer') {
  process.stdout.write(JSON.stringify(role === 'ours' ? await ours() : await peer()));
} else {
  const child = (name: string): Report | string => {
    try {
      const output = execFileSync(process.execPath, ['--expose-gc', '--max-old-space-size=6144', fileURLToPath(import.meta.url), name], {
        encoding: 'utf8',
        maxBuffer: 1 << 24,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return JSON.parse(output) as Report;
    } catch (error) {
      return `failed: ${String((error as { stderr?: string }).stderr || error)
        .trim()
        .split('\n')
        .slice(-3)
        .join(' ')}`;
    }
  };
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const perProduct = (bytes: number) => `${Math.round(bytes / PRODUCTS).toLocaleString('en')} B/product`;
  const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
  const describe = (report: Report) => {
    console.log(`\n${report.target}: ${PRODUCTS.toLocaleString('en')} products × 3 variants`);
    console.log(
      `  seeding                               ${(report.seedMs / 1000).toFixed(2)} s (${Math.round(PRODUCTS / (report.seedMs / 1000)).toLocaleString('en')} products/s)`,
    );
    console.log(
      `  heap the products add                 ${mib(report.heapSeeded - report.heapBefore)} MiB (${perProduct(report.heapSeeded - report.heapBefore)})`,
    );
    console.log(
      `  heap the first search adds            ${mib(report.heapIndexed - report.heapSeeded)} MiB (${perProduct(report.heapIndexed - report.heapSeeded)})`,
    );
    console.log(
      `  first search (total ${report.total})${' '.repeat(Math.max(1, 18 - String(report.total).length))}${ms(report.firstMs)} ms${report.target === 'ours' ? `   aim < 2000 ms: ${report.firstMs < 2000 ? 'met' : 'NOT met'}` : ''}`,
    );
    for (const figure of report.figures) {
      const aim =
        report.target === 'ours' && !figure.name.startsWith('update') ? `   aim < 50 ms: ${figure.medianMs < 50 ? 'met' : 'NOT met'}` : '';
      console.log(
        `  ${figure.name.padEnd(52)} median ${ms(figure.medianMs).padStart(8)} ms  p95 ${ms(figure.p95Ms).padStart(8)} ms (${figure.runs} runs)${aim}`,
      );
    }
  };
  const [load] = (await import('node:os')).loadavg();
  console.log(`Node ${process.version}, load average ${load!.toFixed(2)} at the start; heap after a full GC`);
  const mine = child('ours');
  if (typeof mine === 'string') throw new Error(mine);
  describe(mine);
  if (process.env.PEER !== '0') {
    const theirs = child('peer');
    if (typeof theirs === 'string') console.log(`\npeer: ${theirs}`);
    else {
      describe(theirs);
      console.log('\npeer / ours, same search, same catalog:');
      for (const figure of theirs.figures) {
        const same = mine.figures.find((candidate) => candidate.name === figure.name)!;
        console.log(`  ${figure.name.padEnd(52)} ${(figure.medianMs / same.medianMs).toFixed(1)}x`);
      }
      const oursHeap = mine.heapIndexed - mine.heapBefore;
      const peerHeap = theirs.heapIndexed - theirs.heapBefore;
      console.log(
        `  heap per product (stored + index)                    ours ${perProduct(oursHeap)}, peer ${perProduct(peerHeap)}: ours/peer ${(oursHeap / peerHeap).toFixed(2)}x`,
      );
    }
  }
}
