import { test, expect } from '../support/commerce.js';
import { tagDraft, type SeedItem } from '../../src/index.js';
import type { Commerce } from '../../src/playwright/index.js';

/** Matchers on `commerce` retry until the expect timeout: a short one for the assertions meant to fail. */
const quick = expect.configure({ timeout: 50 });

/** A buyer, associate of the business unit `acme` with the role `viewer` (ViewMyCarts only), and more roles if given. */
async function seedAcmeWithAViewer(commerce: Commerce, ...roles: SeedItem[]): Promise<{ id: string }> {
  const [buyer] = await commerce.data.seed(tagDraft({ email: 'buyer@example.com', password: 'secret' }, 'customer'));
  await commerce.data.seed(
    ...roles,
    ['associate-role', { key: 'viewer', name: 'Viewer', buyerAssignable: false, permissions: ['ViewMyCarts'] }],
    [
      'business-unit',
      {
        key: 'acme',
        name: 'ACME',
        unitType: 'Company',
        associates: [
          {
            customer: { typeId: 'customer', id: buyer!.id },
            associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: 'viewer' } }],
          },
        ],
      },
    ],
  );
  return buyer!;
}

test.describe('toHaveDeniedAssociate / toHaveAllowedAssociate', () => {
  test('read the permission decisions the mock recorded for as-associate requests', async ({ commerce }) => {
    const buyer = await seedAcmeWithAViewer(commerce, [
      'associate-role',
      { key: 'admin', name: 'Admin', buyerAssignable: false, permissions: ['UpdateBusinessUnitDetails'] },
    ]);
    const unitUrl = `${commerce.apiUrl}/${commerce.projectKey}/as-associate/${buyer.id}/business-units/key=acme`;
    const refused = await fetch(unitUrl, {
      method: 'POST',
      body: JSON.stringify({ version: 1, actions: [{ action: 'changeName', name: 'ACME Corp' }] }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('AssociateMissingPermission');
    expect((await commerce.data.getByKey('business-unit', 'acme'))?.name).toBe('ACME');

    expect(commerce).toHaveDeniedAssociate();
    expect(commerce).toHaveDeniedAssociate({ associateId: buyer.id, businessUnitKey: 'acme', permission: 'UpdateBusinessUnitDetails' });
    expect(commerce).not.toHaveDeniedAssociate({ businessUnitKey: 'other-unit' });
    expect(commerce).not.toHaveAllowedAssociate({ permission: 'UpdateBusinessUnitDetails' });

    let failure: Error | undefined;
    try {
      await quick(commerce).toHaveAllowedAssociate({ associateId: buyer.id, permission: 'UpdateBusinessUnitDetails' });
    } catch (error) {
      failure = error as Error;
    }
    expect(failure?.message).toContain('Expected: an allowed associate request matching');
    expect(failure?.message).toContain(`denied: associate "${buyer.id}" in "acme"`);
    expect(failure?.message).toContain('UpdateBusinessUnitDetails');

    failure = undefined;
    try {
      await quick(commerce).not.toHaveDeniedAssociate({ associateId: buyer.id });
    } catch (error) {
      failure = error as Error;
    }
    expect(failure?.message).toContain('Expected: no denied associate request matching');
  });

  test('an empty log fails with the list of decisions, which is empty', async ({ commerce }) => {
    let failure: Error | undefined;
    try {
      await quick(commerce).toHaveDeniedAssociate({ associateId: 'nobody' });
    } catch (error) {
      failure = error as Error;
    }
    expect(failure?.message).toContain('Received: none; the decisions recorded in this test:\n  (none)');
    expect(await commerce.permissions.decisions()).toEqual([]);
  });

  test('docs/playwright.md: the example of the associate matchers', async ({ commerce }) => {
    const buyer = await seedAcmeWithAViewer(commerce);
    // doc-example:start
    await expect(
      fetch(`${commerce.apiUrl}/${commerce.projectKey}/as-associate/${buyer.id}/business-units/key=acme`, {
        method: 'POST',
        body: JSON.stringify({ version: 1, actions: [{ action: 'changeName', name: 'ACME Corp' }] }),
      }),
    ).toBeCommerceError(403, 'AssociateMissingPermission');
    expect(commerce).toHaveDeniedAssociate({ associateId: buyer.id, businessUnitKey: 'acme', permission: 'UpdateBusinessUnitDetails' });
    expect(commerce).not.toHaveAllowedAssociate({ permission: 'UpdateBusinessUnitDetails' });
    // doc-example:end
  });
});
