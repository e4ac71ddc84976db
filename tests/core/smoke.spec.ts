import { test, expect, sdkFailure } from '../support/sdk.js';

test('the official SDK creates and reads a customer in-process', async ({ apiRoot, mock }) => {
  const created = await apiRoot
    .customers()
    .post({ body: { email: 'ada@example.com', password: 'secret' } })
    .execute();
  expect(created.statusCode).toBe(201);
  const id = created.body.customer.id;
  const read = await apiRoot.customers().withId({ ID: id }).get().execute();
  expect(read.body.email).toBe('ada@example.com');
  expect(mock.data.get('customer', id)).toMatchObject({ email: 'ada@example.com', version: 1 });
  const failure = await sdkFailure(apiRoot.customers().withId({ ID: 'missing' }).get().execute());
  expect(failure.statusCode).toBe(404);
  expect(failure.body.errors[0]!.code).toBe('ResourceNotFound');
});
