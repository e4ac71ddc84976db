/**
 * `commerce.state.export()` and `commerce.state.import()` in the fixture: the state as versioned JSON and back,
 * in process and on a server (remote mode, through `GET /__mock/state/export` and `POST /__mock/state/import`).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, withServerPerWorker } from '../support/commerce.js';

for (const [mode, modeTest] of [
  ['in process', test],
  ['remote mode', withServerPerWorker()],
] as const) {
  modeTest.describe(`${mode}: commerce.state.export() and commerce.state.import()`, () => {
    modeTest('an export carries the data (tokens on request); importing it brings that state back', async ({ commerce }) => {
      const [channel] = await commerce.data.seed([['channel', { key: 'warehouse', roles: ['InventorySupply'] }]]);
      const { accessToken } = await commerce.tokens.issue({ kind: 'client' });
      const file = await commerce.state.export();
      expect(file).toMatchObject({ format: 'commerce-mock/export', version: 1 });
      expect(file.projects[commerce.projectKey]!.channel!.map((entry) => entry.document)).toEqual([channel]);
      expect(file.tokens).toBeUndefined();
      expect((await commerce.state.export({ tokens: true })).tokens?.map((token) => token.accessToken)).toContain(accessToken);

      await commerce.data.seed([['channel', { key: 'store', roles: ['Primary'] }]]);
      await commerce.state.import(JSON.stringify(file));
      expect(await commerce.data.all('channel')).toEqual([channel]);
      expect(await commerce.tokens.list()).toEqual([]);
      const listed = await commerce.apiRoot.channels().get().execute();
      expect(listed.body.results.map((found) => found.key)).toEqual(['warehouse']);
    });

    modeTest('a bad file is refused with the path of its first problem, and the state stays', async ({ commerce }) => {
      const [channel] = await commerce.data.seed([['channel', { key: 'warehouse', roles: ['InventorySupply'] }]]);
      const broken = await commerce.state.export();
      delete (broken.projects[commerce.projectKey]!.channel![0]!.document as { id?: string }).id;
      await commerce.data.seed([['channel', { key: 'store', roles: ['Primary'] }]]);
      await expect(commerce.state.import(broken)).rejects.toThrow(
        `commerce-mock: import refused at projects.${commerce.projectKey}.channel[0].document.id`,
      );
      await expect(commerce.state.import('{"format":')).rejects.toThrow('commerce-mock: import refused at (root): not JSON');
      expect((await commerce.data.all('channel')).map((found) => found.key)).toEqual([channel!.key, 'store']);
    });
  });
}

// doc-example:start
test('a test writes the state it built to a file and loads it back', async ({ commerce }, testInfo) => {
  await commerce.data.seed([['channel', { key: 'warehouse', roles: ['InventorySupply'] }]]);
  const file = testInfo.outputPath('state.json');
  await writeFile(file, JSON.stringify(await commerce.state.export()));

  await commerce.state.clear();
  await commerce.state.import(await readFile(file, 'utf8'));
  expect((await commerce.data.getByKey('channel', 'warehouse'))?.roles).toEqual(['InventorySupply']);
});
// doc-example:end
