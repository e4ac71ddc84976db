/**
 * docs/state-and-faults.md: every ```ts block appears verbatim (whitespace aside) between
 * `// doc-example:start` and `// doc-example:end` in this file or in baseline-doc.spec.ts, where it runs.
 */
import { fileURLToPath } from 'node:url';
import { customerFactory, productFactory, productTypeFactory } from '../../factories/index.js';
import { createCommerceMock } from '../../src/index.js';
import { asWritten, markedRegions, tsBlocks } from '../support/doc-examples.js';
import { expect, test } from '../support/sdk.js';

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

test('every example of docs/state-and-faults.md runs in a spec', () => {
  const regions = [...markedRegions(path('./docs.spec.ts')), ...markedRegions(path('./baseline-doc.spec.ts'))].map(asWritten);
  const blocks = tsBlocks(path('../../docs/state-and-faults.md'));
  expect(blocks.length).toBeGreaterThan(1);
  for (const block of blocks) expect(regions, `not run by any spec:\n${block}`).toContain(asWritten(block));
});

test('snapshots: restore brings back the catalog as it was', () => {
  // doc-example:start
  const mock = createCommerceMock();
  mock.seed(productTypeFactory.asDefault().build());
  const [product] = mock.seed(productFactory.published().buildList(1000));
  const snapshot = mock.snapshot();

  mock.update('product', product!.id, { version: product!.version, actions: [{ action: 'setKey', key: 'changed' }] });
  mock.seed(customerFactory.build());

  mock.restore(snapshot);
  expect(mock.get('product', product!.id)).toEqual(product);
  expect(mock.all('customer')).toEqual([]);
  // doc-example:end
});
