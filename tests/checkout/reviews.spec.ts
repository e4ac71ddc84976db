/**
 * Reviews through the official SDK: the draft (product or channel target), every update action,
 * states and `includedInStatistics`, the rating statistics kept on the target, and refusals
 * (platform error, nothing stored).
 */
import type { ByProjectKeyRequestBuilder, Product, Review, ReviewDraft, ReviewUpdateAction } from '@commercetools/platform-sdk';
import { expect, sdkFailure, test } from '../support/sdk.js';
import { expectPlatformActions } from '../support/resources.js';

const PLATFORM_ACTIONS = [
  'setAuthorName',
  'setCustomField',
  'setCustomType',
  'setCustomer',
  'setKey',
  'setLocale',
  'setRating',
  'setTarget',
  'setText',
  'setTitle',
  'transitionState',
];

const raw = <T>(value: unknown) => value as T;

async function create(apiRoot: ByProjectKeyRequestBuilder, body: ReviewDraft): Promise<Review> {
  const response = await apiRoot.reviews().post({ body }).execute();
  expect(response.statusCode).toBe(201);
  return response.body;
}

async function update(apiRoot: ByProjectKeyRequestBuilder, review: Review, ...actions: ReviewUpdateAction[]): Promise<Review> {
  const response = await apiRoot
    .reviews()
    .withId({ ID: review.id })
    .post({ body: { version: review.version, actions } })
    .execute();
  expect(response.statusCode).toBe(200);
  return response.body;
}

async function product(apiRoot: ByProjectKeyRequestBuilder, key: string): Promise<Product> {
  let productType = (
    await apiRoot
      .productTypes()
      .get({ queryArgs: { where: 'key = "plain"' } })
      .execute()
  ).body.results[0];
  productType ??= (
    await apiRoot
      .productTypes()
      .post({ body: { key: 'plain', name: 'Plain', description: 'Plain' } })
      .execute()
  ).body;
  return (
    await apiRoot
      .products()
      .post({ body: { key, productType: { typeId: 'product-type', id: productType.id }, name: { en: key }, slug: { en: key } } })
      .execute()
  ).body;
}

const statisticsOf = async (apiRoot: ByProjectKeyRequestBuilder, id: string) =>
  (await apiRoot.products().withId({ ID: id }).get().execute()).body.reviewRatingStatistics;

async function reviewStates(apiRoot: ByProjectKeyRequestBuilder) {
  const approved = (
    await apiRoot
      .states()
      .post({ body: { key: 'approved', type: 'ReviewState', initial: false, roles: ['ReviewIncludedInStatistics'] } })
      .execute()
  ).body;
  const pending = (
    await apiRoot
      .states()
      .post({ body: { key: 'pending', type: 'ReviewState', initial: true, transitions: [{ typeId: 'state', id: approved.id }] } })
      .execute()
  ).body;
  const rejected = (
    await apiRoot
      .states()
      .post({ body: { key: 'rejected', type: 'ReviewState', initial: false } })
      .execute()
  ).body;
  return { approved, pending, rejected };
}

test('every update action of the platform is declared, and no other', () => {
  expectPlatformActions('review', PLATFORM_ACTIONS);
});

test.describe('reviews: create', () => {
  test('every draft field: product target by key, customer, state, included in statistics', async ({ apiRoot, mock }) => {
    const socks = await product(apiRoot, 'socks');
    const customer = (
      await apiRoot
        .customers()
        .post({ body: { email: 'r@example.com', password: 'pw', key: 'rita' } })
        .execute()
    ).body.customer;
    const { approved } = await reviewStates(apiRoot);
    const review = await create(apiRoot, {
      key: 'review-1',
      uniquenessValue: `${customer.id}-${socks.id}`,
      locale: 'en',
      authorName: 'Rita',
      title: 'Warm',
      text: 'Very warm socks.',
      target: { typeId: 'product', key: 'socks' },
      state: { typeId: 'state', key: 'approved' },
      rating: 4,
      customer: { typeId: 'customer', key: 'rita' },
    });
    expect(review).toMatchObject({
      version: 1,
      key: 'review-1',
      uniquenessValue: `${customer.id}-${socks.id}`,
      locale: 'en',
      authorName: 'Rita',
      title: 'Warm',
      text: 'Very warm socks.',
      target: { typeId: 'product', id: socks.id },
      state: { typeId: 'state', id: approved.id },
      rating: 4,
      customer: { typeId: 'customer', id: customer.id },
      includedInStatistics: true,
    });
    expect(mock.data.get('review', review.id)).toEqual(JSON.parse(JSON.stringify(review)));
    const expanded = (
      await apiRoot
        .reviews()
        .withKey({ key: 'review-1' })
        .get({ queryArgs: { expand: ['target', 'customer'] } })
        .execute()
    ).body;
    expect(expanded.target?.obj?.id).toBe(socks.id);
  });

  test('a channel target; no state means included; a state without the role means not included', async ({ apiRoot }) => {
    await apiRoot
      .channels()
      .post({ body: { key: 'shop-1' } })
      .execute();
    await reviewStates(apiRoot);
    const plain = await create(apiRoot, { target: { typeId: 'channel', key: 'shop-1' }, rating: 90 });
    expect(plain).toMatchObject({ target: { typeId: 'channel' }, includedInStatistics: true });
    const pending = await create(apiRoot, {
      target: { typeId: 'channel', key: 'shop-1' },
      rating: 10,
      state: { typeId: 'state', key: 'pending' },
    });
    expect(pending.includedInStatistics).toBe(false);
    const channel = (await apiRoot.channels().withKey({ key: 'shop-1' }).get().execute()).body;
    expect(channel.reviewRatingStatistics).toMatchObject({ count: 1, averageRating: 90 });
  });

  test('refusals: rating out of range, unknown target, duplicate uniqueness value or key, wrong state type; nothing stored', async ({
    apiRoot,
    mock,
  }) => {
    await product(apiRoot, 'socks');
    await create(apiRoot, { key: 'taken', uniquenessValue: 'u-1', rating: 1 });
    await apiRoot
      .states()
      .post({ body: { key: 'order-state', type: 'OrderState' } })
      .execute();
    const cases: Array<[unknown, string]> = [
      [{ rating: 101 }, 'InvalidField'],
      [{ rating: 2.5 }, 'InvalidJsonInput'],
      [{ target: { typeId: 'product', key: 'nope' } }, 'ReferencedResourceNotFound'],
      [{ target: { typeId: 'category', key: 'socks' } }, 'InvalidJsonInput'],
      [{ uniquenessValue: 'u-1' }, 'DuplicateField'],
      [{ key: 'taken' }, 'DuplicateField'],
      [{ state: { typeId: 'state', key: 'order-state' } }, 'InvalidOperation'],
    ];
    for (const [body, code] of cases) {
      const failure = await sdkFailure(
        apiRoot
          .reviews()
          .post({ body: raw(body) })
          .execute(),
      );
      expect(failure.statusCode, JSON.stringify(body)).toBe(400);
      expect(failure.body.errors[0]!.code, JSON.stringify(body)).toBe(code);
    }
    expect(mock.data.all('review')).toHaveLength(1);
  });
});

test.describe('reviews: update actions', () => {
  test('text fields, rating, key, locale, customer, target; unset', async ({ apiRoot }) => {
    const socks = await product(apiRoot, 'socks');
    const hats = await product(apiRoot, 'hats');
    const customer = (
      await apiRoot
        .customers()
        .post({ body: { email: 'r@example.com', password: 'pw' } })
        .execute()
    ).body.customer;
    let review = await create(apiRoot, { target: { typeId: 'product', id: socks.id } });
    review = await update(
      apiRoot,
      review,
      { action: 'setAuthorName', authorName: 'Rita' },
      { action: 'setTitle', title: 'Nice' },
      { action: 'setText', text: 'Nice hat' },
      { action: 'setRating', rating: -3 },
      { action: 'setKey', key: 'r-1' },
      { action: 'setLocale', locale: 'de' },
      { action: 'setCustomer', customer: { typeId: 'customer', id: customer.id } },
      { action: 'setTarget', target: { typeId: 'product', key: 'hats' } },
    );
    expect(review).toMatchObject({
      version: 2,
      authorName: 'Rita',
      title: 'Nice',
      text: 'Nice hat',
      rating: -3,
      key: 'r-1',
      locale: 'de',
      customer: { typeId: 'customer', id: customer.id },
      target: { typeId: 'product', id: hats.id },
    });
    expect(await statisticsOf(apiRoot, hats.id)).toMatchObject({ count: 1, averageRating: -3 });
    expect(await statisticsOf(apiRoot, socks.id)).toBeUndefined();
    review = await update(
      apiRoot,
      review,
      ...(['setAuthorName', 'setTitle', 'setText', 'setRating', 'setKey', 'setLocale', 'setCustomer'] as const).map((name) =>
        raw<ReviewUpdateAction>({ action: name }),
      ),
    );
    for (const field of ['authorName', 'title', 'text', 'rating', 'key', 'locale', 'customer'])
      expect(review, field).not.toHaveProperty(field);
    expect(await statisticsOf(apiRoot, hats.id)).toBeUndefined();
  });

  test('transitionState: initial first, then along transitions; includedInStatistics follows the role; force skips checks', async ({
    apiRoot,
    mock,
  }) => {
    const socks = await product(apiRoot, 'socks');
    const { approved, pending, rejected } = await reviewStates(apiRoot);
    let review = await create(apiRoot, { target: { typeId: 'product', id: socks.id }, rating: 5 });
    const notInitial = await sdkFailure(
      apiRoot
        .reviews()
        .withId({ ID: review.id })
        .post({ body: { version: 1, actions: [{ action: 'transitionState', state: { typeId: 'state', id: approved.id } }] } })
        .execute(),
    );
    expect(notInitial.body.errors[0]!.code).toBe('InvalidOperation');
    review = await update(apiRoot, review, { action: 'transitionState', state: { typeId: 'state', key: 'pending' } });
    expect(review).toMatchObject({ state: { id: pending.id }, includedInStatistics: false });
    expect(await statisticsOf(apiRoot, socks.id)).toBeUndefined();
    const notAllowed = await sdkFailure(
      apiRoot
        .reviews()
        .withId({ ID: review.id })
        .post({ body: { version: review.version, actions: [{ action: 'transitionState', state: { typeId: 'state', id: rejected.id } }] } })
        .execute(),
    );
    expect(notAllowed.body.errors[0]!.code).toBe('InvalidOperation');
    expect(mock.data.get('review', review.id)).toMatchObject({ version: review.version, state: { id: pending.id } });
    review = await update(apiRoot, review, { action: 'transitionState', state: { typeId: 'state', id: approved.id } });
    expect(review.includedInStatistics).toBe(true);
    expect(await statisticsOf(apiRoot, socks.id)).toMatchObject({ count: 1 });
    review = await update(apiRoot, review, { action: 'transitionState', state: { typeId: 'state', id: rejected.id }, force: true });
    expect(review).toMatchObject({ state: { id: rejected.id }, includedInStatistics: false });
  });

  test('custom fields', async ({ apiRoot }) => {
    await apiRoot
      .types()
      .post({
        body: {
          key: 'review-extra',
          name: { en: 'x' },
          resourceTypeIds: ['review'],
          fieldDefinitions: [{ name: 'helpful', label: { en: 'Helpful' }, required: false, type: { name: 'Number' } }],
        },
      })
      .execute();
    let review = await create(apiRoot, { title: 't' });
    review = await update(
      apiRoot,
      review,
      { action: 'setCustomType', type: { typeId: 'type', key: 'review-extra' } },
      { action: 'setCustomField', name: 'helpful', value: 3 },
    );
    expect(review.custom?.fields).toEqual({ helpful: 3 });
  });
});

test.describe('reviews: rating statistics on the product', () => {
  test('average (5 decimals), highest, lowest, count, distribution; follow updates and deletes; no new product version', async ({
    apiRoot,
    mock,
  }) => {
    const socks = await product(apiRoot, 'socks');
    const a = await create(apiRoot, { target: { typeId: 'product', id: socks.id }, rating: 5 });
    await create(apiRoot, { target: { typeId: 'product', key: 'socks' }, rating: 4 });
    await create(apiRoot, { target: { typeId: 'product', key: 'socks' }, rating: 4 });
    await create(apiRoot, { target: { typeId: 'product', key: 'socks' } });
    expect(await statisticsOf(apiRoot, socks.id)).toEqual({
      averageRating: 4.33333,
      highestRating: 5,
      lowestRating: 4,
      count: 3,
      ratingsDistribution: { '4': 2, '5': 1 },
    });
    const changed = await update(apiRoot, a, { action: 'setRating', rating: 1 });
    expect(await statisticsOf(apiRoot, socks.id)).toMatchObject({
      averageRating: 3,
      lowestRating: 1,
      highestRating: 4,
      ratingsDistribution: { '1': 1, '4': 2 },
    });
    await apiRoot
      .reviews()
      .withId({ ID: a.id })
      .delete({ queryArgs: { version: changed.version } })
      .execute();
    expect(await statisticsOf(apiRoot, socks.id)).toMatchObject({ count: 2, averageRating: 4 });
    expect(mock.data.get('product', socks.id)).toMatchObject({ version: 1 });
    // The product stays updatable with the version its clients know.
    const renamed = await apiRoot
      .products()
      .withId({ ID: socks.id })
      .post({ body: { version: 1, actions: [{ action: 'changeName', name: { en: 'Socks!' } }] } })
      .execute();
    expect(renamed.body).toMatchObject({ version: 2, reviewRatingStatistics: { count: 2 } });
  });

  test('a refused review update leaves the statistics alone', async ({ apiRoot }) => {
    const socks = await product(apiRoot, 'socks');
    const review = await create(apiRoot, { target: { typeId: 'product', id: socks.id }, rating: 5 });
    const failure = await sdkFailure(
      apiRoot
        .reviews()
        .withId({ ID: review.id })
        .post({
          body: {
            version: 1,
            actions: [
              { action: 'setRating', rating: 1 },
              { action: 'setTarget', target: { typeId: 'product', key: 'missing' } },
            ],
          },
        })
        .execute(),
    );
    expect(failure.body.errors[0]!.code).toBe('ReferencedResourceNotFound');
    expect(await statisticsOf(apiRoot, socks.id)).toMatchObject({ count: 1, averageRating: 5 });
  });
});
