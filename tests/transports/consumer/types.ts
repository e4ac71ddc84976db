/**
 * The package's types as a consumer sees them: compiled with `tsc` by
 * tests/transports/package-install.spec.ts against the installed tarball (strict mode, the official
 * SDK installed), never run. Each line compiles as written, without a cast; each line after a
 * `@ts-expect-error` must fail to compile, or the compilation fails.
 */
import type { Category, Customer, CustomerDraft, ProductDraft } from '@commercetools/platform-sdk';
import { createCommerceMock, MemoryStorage, type Permission, type PermissionDecision } from 'commerce-mock';
import { categoryFactory, customerFactory, productFactory } from 'commerce-mock/factories';
import { expect, test, type AssociateDecisionFilter } from 'commerce-mock/playwright';
import { type BackendFactory, runStorageContract } from 'commerce-mock/storage-contract';

test('factory output is the SDK draft; seeded and read resources are the SDK resources', async ({ commerce }) => {
  // Drafts post through the SDK as they are.
  await commerce.apiRoot.customers().post({ body: customerFactory.build() }).execute();
  await commerce.apiRoot.categories().post({ body: categoryFactory.build() }).execute();
  const draft: CustomerDraft = customerFactory.withDefaultAddresses().build();
  const product: ProductDraft = productFactory.withVariants(2).build();
  // The customer factory always sets the password to sign in with.
  const password: string = customerFactory.build().password;
  commerce.apiRootFor({ customer: { email: draft.email, password } });
  // @ts-expect-error a draft has the SDK's fields only
  customerFactory.build().firstNmae;
  // @ts-expect-error nor does a param outside the draft compile
  customerFactory.build({ firstNmae: 'Ada' });

  const [customer, category] = await commerce.data.seed(customerFactory.build(), categoryFactory.build());
  const seeded: Customer | Category | undefined = customer;
  const [ada] = await commerce.data.seed(customerFactory.build());
  const stamps: [string, string] | undefined = ada && [ada.createdAt, ada.lastModifiedAt];
  // @ts-expect-error no index signature: a misspelt field does not compile
  ada?.firstNmae;
  const read: Customer | undefined = await commerce.data.get('customer', 'id');
  // @ts-expect-error
  read?.firstNmae;
  const byKey: Category | undefined = await commerce.data.getByKey('category', 'key');
  const all: Customer[] = await commerce.data.all('customer');
  // @ts-expect-error an unknown resource type
  await commerce.data.all('customers');

  // Query parameters as the platform takes them: numbers and booleans where it does.
  const page = await commerce.data.query('customer', {
    where: 'email is defined',
    sort: ['email asc'],
    limit: 5,
    offset: 0,
    withTotal: false,
  });
  const first: Customer | undefined = page.results[0];
  const mock = createCommerceMock();
  mock.data.query('product', { staged: true, limit: 1, expand: 'productType', 'var.sku': 'SKU-1' });
  const fromMock: Customer | undefined = mock.data.get('customer', 'id');
  // @ts-expect-error
  mock.data.get('customer', 'id')?.firstNmae;
  // @ts-expect-error an object is no query value
  mock.data.query('customer', { where: { email: 'x' } });
  void [draft, product, category, seeded, stamps, byKey, all, first, fromMock];
});

test('matchers take what the docs say they take', async ({ commerce }) => {
  // Values typed `any`: a caught error in JavaScript, a parsed body, what follows `.rejects`.
  const anything: any = await fetch(`${commerce.apiUrl}/${commerce.projectKey}/customers/nope`);
  await expect(anything).toBeCommerceError(404, 'ResourceNotFound');
  await expect(commerce.apiRoot.customers().withKey({ key: 'nobody' }).get().execute()).rejects.toBeCommerceError(404);
  expect(JSON.parse('{"version": 1}')).toHaveVersion(1);
  // @ts-expect-error the fixture matchers stay on the fixture
  expect(42).toHaveStored('customer', {});
  // @ts-expect-error a number has no version
  expect(1).toHaveVersion(1);
  // @ts-expect-error the customer id is required
  expect(commerce).toHaveIssuedCustomerToken();

  // The public value types, from the entry points the docs name.
  const decisions: PermissionDecision[] = await commerce.permissions.decisions();
  const permission: Permission = 'ViewMyCarts';
  const filter: AssociateDecisionFilter = { permission, businessUnitKey: 'acme' };
  expect(commerce).not.toHaveDeniedAssociate(filter);
  // @ts-expect-error not one of the platform's permissions
  expect(commerce).toHaveDeniedAssociate({ permission: 'ViewMyCart' });
  // @ts-expect-error an unknown filter key
  expect(commerce).toHaveDeniedAssociate({ asociateId: 'x' });
  void decisions;
});

// The storage contract entry: a backend factory and the suite that runs it.
const memoryBackend: BackendFactory = () => new MemoryStorage();
runStorageContract('memory, as a consumer names it', memoryBackend);
// @ts-expect-error a factory returns a backend (or a promise of one), not any object
runStorageContract('not a backend', () => ({ name: 'x' }));
