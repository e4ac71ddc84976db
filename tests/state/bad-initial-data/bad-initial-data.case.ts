import { createCommerceMock } from '../../../src/index.js';
import { test } from '../../../src/playwright/index.js';

const source = createCommerceMock();
source.data.seed([['channel', { key: 'warehouse', roles: ['InventorySupply'] }]]);
const broken = JSON.parse(JSON.stringify(source.state.export()));
delete broken.projects['test-project'].channel[0].document.id;

test.use({ commerceMock: { initialData: broken } });

for (const name of ['first', 'second']) {
  test(`a test of a worker with a bad initialData (${name})`, async ({ commerce }) => {
    console.log(`the ${name} test body ran on ${commerce.location}`);
  });
}
