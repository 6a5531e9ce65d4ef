import { randomBytes, randomUUID } from 'node:crypto';
import {
  LIMITS,
  MyReviewSchema,
  ReviewListSchema,
  type AdminReview,
  type MyReview,
  type Order,
  type Product,
  type ReviewList,
} from '@store/contracts';
import { sql } from 'kysely';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * Reviews by verified buyers (docs/decisions/027-reviews.md): only an account with a completed, unrefunded
 * order of a product may review it, once (then edit); the product's rating and review count follow the
 * reviews that count, staff may hide one, a refund takes the buyer's review out, and the catalogue's cached
 * answers show every change.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // Every test registers its own buyers and places its own orders: lift the per-IP limits.
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  admin = await t.adminToken();
});
afterAll(() => t.close());

const tag = () => `tag${randomBytes(5).toString('hex')}`;

async function createProduct(overrides: Record<string, unknown> = {}): Promise<Product> {
  const response = await t.request({
    method: 'POST',
    url: '/api/admin/products',
    token: admin,
    payload: {
      title: `Reviewed ${tag()}`,
      price: 12,
      description: 'A short description',
      detailed_description: 'A detailed description',
      stock_quantity: 50,
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

/** A signed-in buyer's pending order of one unit of the product. */
async function placeOrder(token: string, productId: string): Promise<Order> {
  const response = await t.request({
    method: 'POST',
    url: '/api/orders',
    token,
    payload: { items: [{ product_id: productId, quantity: 1 }] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Order>();
}

/** Staff confirm the order, which delivers it: it becomes completed. */
async function complete(orderId: string): Promise<void> {
  const response = await t.request({ method: 'PATCH', url: `/api/admin/orders/${orderId}/status?status=confirmed`, token: admin });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json<Order>().status).toBe('completed');
}

/** A new account with a completed order of the product. */
async function verifiedBuyer(productId: string) {
  const buyer = await t.registerUser();
  const order = await placeOrder(buyer.token, productId);
  await complete(order.id);
  return { ...buyer, orderId: order.id };
}

/** The refund of a delivered order, as the refund flow records it: the status, or only the refund's time. */
async function refund(orderId: string, how: 'status' | 'refunded_at' = 'status'): Promise<void> {
  await t.app.db
    .updateTable('orders')
    .set(how === 'status' ? { status: 'refunded', refunded_at: sql`now()` } : { refunded_at: sql`now()` })
    .where('id', '=', orderId)
    .execute();
}

const putReview = (token: string | undefined, productId: string, payload: unknown) =>
  t.request({ method: 'PUT', url: `/api/products/${productId}/review`, token, payload: payload as Record<string, unknown> });

async function review(token: string, productId: string, payload: { rating: number; body?: string }): Promise<MyReview> {
  const response = await putReview(token, productId, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MyReview>();
}

async function mine(token: string, productId: string): Promise<MyReview> {
  const response = await t.request({ method: 'GET', url: `/api/products/${productId}/review`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MyReview>();
}

async function figures(productId: string): Promise<Pick<Product, 'rating' | 'reviews_count'>> {
  const response = await t.request({ method: 'GET', url: `/api/products/${productId}` });
  expect(response.statusCode, response.body).toBe(200);
  const { rating, reviews_count } = response.json<Product>();
  return { rating, reviews_count };
}

/** The figures the public list gives: the average of the listed reviews' stars, one decimal, and their count. */
async function figuresOfListedReviews(productId: string): Promise<Pick<Product, 'rating' | 'reviews_count'>> {
  const { reviews, total } = await publicList(productId, `?limit=${LIMITS.reviewsMaxPageSize}`);
  expect(reviews).toHaveLength(total);
  const stars = reviews.reduce((sum, item) => sum + item.rating, 0);
  return { rating: total === 0 ? null : Math.round((10 * stars) / total) / 10, reviews_count: total };
}

async function publicList(productId: string, query = ''): Promise<ReviewList> {
  const response = await t.request({ method: 'GET', url: `/api/products/${productId}/reviews${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReviewList>();
}

const setHidden = (reviewId: string, hidden: boolean, token = admin) =>
  t.request({ method: 'PATCH', url: `/api/admin/reviews/${reviewId}`, token, payload: { hidden } });

describe('who may review', () => {
  it('refuses an account with no order of the product, and says it may not review', async () => {
    const product = await createProduct();
    const { token } = await t.registerUser();
    const response = await putReview(token, product.id, { rating: 5, body: 'Never bought it' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'review_not_allowed',
      detail: 'Only buyers of a completed order of this product can review it (a refunded order does not count).',
    });
    expect(await mine(token, product.id)).toEqual({ can_review: false, review: null });
    expect(await figures(product.id)).toEqual({ rating: null, reviews_count: 0 });
  });

  it('refuses a buyer whose order is pending, or paid but not delivered', async () => {
    const product = await createProduct();
    const { token } = await t.registerUser();
    const order = await placeOrder(token, product.id);
    expect((await putReview(token, product.id, { rating: 4 })).json().code).toBe('review_not_allowed');
    await t.app.db.updateTable('orders').set({ status: 'paid' }).where('id', '=', order.id).execute();
    expect((await putReview(token, product.id, { rating: 4 })).statusCode).toBe(403);
    expect((await mine(token, product.id)).can_review).toBe(false);
  });

  it('refuses a buyer whose order of it was refunded, however the refund is recorded', async () => {
    const product = await createProduct();
    for (const how of ['status', 'refunded_at'] as const) {
      const { token, orderId } = await verifiedBuyer(product.id);
      await refund(orderId, how);
      const response = await putReview(token, product.id, { rating: 1, body: 'Refunded and angry' });
      expect(response.statusCode, how).toBe(403);
      expect(response.json().code).toBe('review_not_allowed');
      expect(await mine(token, product.id)).toEqual({ can_review: false, review: null });
    }
    expect(await figures(product.id)).toEqual({ rating: null, reviews_count: 0 });
  });

  it('refuses a buyer of another product, and a guest (sign in first)', async () => {
    const bought = await createProduct();
    const other = await createProduct();
    const { token } = await verifiedBuyer(bought.id);
    expect((await putReview(token, other.id, { rating: 5 })).statusCode).toBe(403);
    const guest = await putReview(undefined, bought.id, { rating: 5 });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ detail: 'Not authenticated', code: 'unauthorized' });
  });

  it('answers 404 for a product that does not exist or was deleted', async () => {
    const product = await createProduct();
    const { token } = await verifiedBuyer(product.id);
    await t.request({ method: 'DELETE', url: `/api/admin/products/${product.id}`, token: admin });
    for (const id of [product.id, randomUUID()]) {
      const put = await putReview(token, id, { rating: 5 });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ detail: 'Product not found', code: 'product_not_found' });
      expect((await t.request({ method: 'GET', url: `/api/products/${id}/review`, token })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: `/api/products/${id}/reviews` })).statusCode).toBe(404);
    }
  });

  it("takes a completed order's buyer's review: the product's figures and public list show it, with the username and never the email", async () => {
    const product = await createProduct();
    const { token, user } = await verifiedBuyer(product.id);
    expect(await mine(token, product.id)).toEqual({ can_review: true, review: null });

    const saved = await review(token, product.id, { rating: 5, body: '  Works offline.\r\nFast too.  ' });
    expect(Value.Check(MyReviewSchema, saved)).toBe(true);
    expect(saved).toMatchObject({ can_review: true, review: { rating: 5, body: 'Works offline.\nFast too.', hidden: false } });
    expect(await figures(product.id)).toEqual({ rating: 5, reviews_count: 1 });

    const list = await t.request({ method: 'GET', url: `/api/products/${product.id}/reviews` });
    expect(Value.Check(ReviewListSchema, list.json())).toBe(true);
    expect(list.json()).toEqual({
      total: 1,
      reviews: [
        {
          id: saved.review!.id,
          rating: 5,
          body: 'Works offline.\nFast too.',
          author: user.username,
          created_at: saved.review!.created_at,
          updated_at: saved.review!.updated_at,
        },
      ],
    });
    expect(list.body).not.toContain(user.email);
    expect(list.body).not.toContain(user.id);
  });

  it('keeps the text plain: markup stays text, and runs of blank lines shrink to one', async () => {
    const product = await createProduct();
    const { token } = await verifiedBuyer(product.id);
    const saved = await review(token, product.id, { rating: 3, body: '<script>alert(1)</script>\n\n\n\n\nSecond <b>part</b>' });
    expect(saved.review!.body).toBe('<script>alert(1)</script>\n\nSecond <b>part</b>');
    expect((await publicList(product.id)).reviews[0]!.body).toBe('<script>alert(1)</script>\n\nSecond <b>part</b>');
  });
});

describe('one review per buyer and product', () => {
  it('edits the same review when the buyer writes again, and the figures follow the edit', async () => {
    const product = await createProduct();
    const { token } = await verifiedBuyer(product.id);
    const first = await review(token, product.id, { rating: 2, body: 'Meh' });
    expect(await figures(product.id)).toEqual({ rating: 2, reviews_count: 1 });

    await new Promise((resolve) => setTimeout(resolve, 5));
    const edited = await review(token, product.id, { rating: 4, body: 'Better after the update' });
    expect(edited.review).toMatchObject({
      id: first.review!.id,
      rating: 4,
      body: 'Better after the update',
      created_at: first.review!.created_at,
    });
    expect(Date.parse(edited.review!.updated_at)).toBeGreaterThan(Date.parse(first.review!.updated_at));
    expect(await figures(product.id)).toEqual({ rating: 4, reviews_count: 1 });
    expect((await publicList(product.id)).total).toBe(1);
    const rows = await t.app.db.selectFrom('product_reviews').select('id').where('product_id', '=', product.id).execute();
    expect(rows).toHaveLength(1);

    // The same review sent again is no edit.
    const again = await review(token, product.id, { rating: 4, body: 'Better after the update' });
    expect(again.review!.updated_at).toBe(edited.review!.updated_at);
  });

  it("averages the buyers' stars to one decimal, a buyer of two orders still writing one review", async () => {
    const product = await createProduct();
    const alice = await verifiedBuyer(product.id);
    await complete((await placeOrder(alice.token, product.id)).id);
    const bob = await verifiedBuyer(product.id);
    const carol = await verifiedBuyer(product.id);
    await review(alice.token, product.id, { rating: 5 });
    await review(alice.token, product.id, { rating: 5, body: 'Bought it twice' });
    await review(bob.token, product.id, { rating: 2 });
    await review(carol.token, product.id, { rating: 4 });
    // (5 + 2 + 4) / 3 = 3.67
    expect(await figures(product.id)).toEqual({ rating: 3.7, reviews_count: 3 });
    const list = await publicList(product.id);
    expect(list.reviews.map((item) => item.author)).toEqual([carol.user.username, bob.user.username, alice.user.username]);
  });

  it('has no rating and a count of 0 without reviews, and refuses a rating the reviews do not give', async () => {
    const product = await createProduct();
    expect(await figures(product.id)).toEqual({ rating: null, reviews_count: 0 });
    const listed = await t.request({ method: 'GET', url: `/api/products?search=${encodeURIComponent(product.title)}` });
    expect(listed.json().products).toMatchObject([{ id: product.id, rating: null, reviews_count: 0 }]);
    // No write can show stars without reviews again (the seeded "4.7 (1,284 reviews)" of issue 25).
    await expect(t.app.db.updateTable('products').set({ rating_tenths: 47 }).where('id', '=', product.id).execute()).rejects.toThrow(
      /products_rating_from_reviews/,
    );
    await expect(
      t.app.db.updateTable('products').set({ rating_tenths: null, reviews_count: 1284 }).where('id', '=', product.id).execute(),
    ).rejects.toThrow(/products_rating_from_reviews/);
    expect(await figures(product.id)).toEqual({ rating: null, reviews_count: 0 });
  });

  it('pages the public list newest first with limit and offset', async () => {
    const product = await createProduct();
    const buyers = [];
    for (let i = 0; i < 3; i += 1) buyers.push(await verifiedBuyer(product.id));
    for (const [index, buyer] of buyers.entries()) await review(buyer.token, product.id, { rating: index + 1, body: `Review ${index}` });
    const first = await publicList(product.id, '?limit=2');
    expect(first.total).toBe(3);
    expect(first.reviews.map((item) => item.body)).toEqual(['Review 2', 'Review 1']);
    const next = await publicList(product.id, '?limit=2&offset=2');
    expect(next.reviews.map((item) => item.body)).toEqual(['Review 0']);
    expect((await publicList(product.id)).reviews).toHaveLength(3);
  });
});

describe('staff hide and show a review', () => {
  it('takes a hidden review out of the figures and the public list, and brings it back when shown', async () => {
    const product = await createProduct();
    const kept = await verifiedBuyer(product.id);
    const hiddenBuyer = await verifiedBuyer(product.id);
    await review(kept.token, product.id, { rating: 5, body: 'Great' });
    const { review: abusive } = await review(hiddenBuyer.token, product.id, { rating: 1, body: 'Spam spam spam' });
    expect(await figures(product.id)).toEqual({ rating: 3, reviews_count: 2 });

    const hidden = await setHidden(abusive!.id, true);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json<AdminReview>()).toMatchObject({
      id: abusive!.id,
      hidden: true,
      counted: true,
      product_id: product.id,
      username: hiddenBuyer.user.username,
    });
    expect(await figures(product.id)).toEqual({ rating: 5, reviews_count: 1 });
    expect((await publicList(product.id)).reviews.map((item) => item.body)).toEqual(['Great']);
    // The author sees that staff hid it; an edit keeps it hidden.
    expect((await mine(hiddenBuyer.token, product.id)).review).toMatchObject({ hidden: true });
    await review(hiddenBuyer.token, product.id, { rating: 2, body: 'Edited' });
    expect((await publicList(product.id)).total).toBe(1);
    expect(await figures(product.id)).toEqual({ rating: 5, reviews_count: 1 });

    const shown = await setHidden(abusive!.id, false);
    expect(shown.json<AdminReview>()).toMatchObject({ hidden: false, body: 'Edited', rating: 2 });
    expect(await figures(product.id)).toEqual({ rating: 3.5, reviews_count: 2 });
    expect((await publicList(product.id)).total).toBe(2);
  });

  it('lists every review for staff, newest first, with the product, the author and the hidden flag; filters by it', async () => {
    const product = await createProduct();
    const one = await verifiedBuyer(product.id);
    const two = await verifiedBuyer(product.id);
    const { review: older } = await review(one.token, product.id, { rating: 4, body: 'Older' });
    const { review: newer } = await review(two.token, product.id, { rating: 3, body: 'Newer' });
    await setHidden(older!.id, true);

    const all = await t.request({ method: 'GET', url: '/api/admin/reviews?limit=2', token: admin });
    expect(all.statusCode).toBe(200);
    expect(all.json().reviews).toEqual([
      expect.objectContaining({
        id: newer!.id,
        product_title: product.title,
        username: two.user.username,
        rating: 3,
        body: 'Newer',
        hidden: false,
      }),
      expect.objectContaining({ id: older!.id, username: one.user.username, hidden: true }),
    ]);
    const hiddenOnly = await t.request({ method: 'GET', url: '/api/admin/reviews?hidden=true&limit=100', token: admin });
    expect(hiddenOnly.json().reviews.map((item: AdminReview) => item.id)).toContain(older!.id);
    expect(hiddenOnly.json().reviews.every((item: AdminReview) => item.hidden)).toBe(true);
    expect(hiddenOnly.json().total).toBe(
      (await t.app.db.selectFrom('product_reviews').select('id').where('hidden_at', 'is not', null).execute()).length,
    );
  });

  it('answers 404 for an unknown review, 400 without a hidden flag, and refuses shoppers and guests', async () => {
    const missing = await setHidden(randomUUID(), true);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Review not found', code: 'review_not_found' });

    const product = await createProduct();
    const buyer = await verifiedBuyer(product.id);
    const { review: own } = await review(buyer.token, product.id, { rating: 5 });
    const noFlag = await t.request({ method: 'PATCH', url: `/api/admin/reviews/${own!.id}`, token: admin, payload: {} });
    expect(noFlag.statusCode).toBe(400);
    expect(noFlag.json().detail).toMatch(/hidden/);

    const byShopper = await setHidden(own!.id, true, buyer.token);
    expect(byShopper.statusCode).toBe(403);
    expect(byShopper.json()).toEqual({ detail: 'Admin access required', code: 'forbidden' });
    expect((await t.request({ method: 'GET', url: '/api/admin/reviews', token: buyer.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/reviews' })).statusCode).toBe(401);
    expect(await figures(product.id)).toEqual({ rating: 5, reviews_count: 1 });
  });
});

describe('a refund after the review', () => {
  it('takes the review out of the figures and the list (the cached answers too), and a new purchase brings it back', async () => {
    const product = await createProduct();
    const other = await verifiedBuyer(product.id);
    const buyer = await verifiedBuyer(product.id);
    await review(other.token, product.id, { rating: 4 });
    await review(buyer.token, product.id, { rating: 1, body: 'Refund me' });
    expect(await figures(product.id)).toEqual({ rating: 2.5, reviews_count: 2 });

    await refund(buyer.orderId);
    // The database's trigger recomputes the figures in the refund's transaction; the cache hears of it by notification.
    await waitFor(async () => (await figures(product.id)).reviews_count === 1, 'the refund to leave the figures');
    expect(await figures(product.id)).toEqual({ rating: 4, reviews_count: 1 });
    expect((await publicList(product.id)).total).toBe(1);
    expect(await mine(buyer.token, product.id)).toMatchObject({ can_review: false, review: { body: 'Refund me', hidden: false } });
    const staff = await t.request({ method: 'GET', url: '/api/admin/reviews?limit=100', token: admin });
    expect(staff.json().reviews.find((item: AdminReview) => item.username === buyer.user.username)).toMatchObject({ counted: false });

    await complete((await placeOrder(buyer.token, product.id)).id);
    await waitFor(async () => (await figures(product.id)).reviews_count === 2, 'the new purchase to count the review again');
    expect(await figures(product.id)).toEqual({ rating: 2.5, reviews_count: 2 });
  });
});

describe('honest figures (issue 25)', () => {
  it('are exactly the visible reviews: hidden and refunded ones left out, none giving no rating', async () => {
    const product = await createProduct();
    const [kept, alsoKept, hiddenBuyer, refundedBuyer] = [
      await verifiedBuyer(product.id),
      await verifiedBuyer(product.id),
      await verifiedBuyer(product.id),
      await verifiedBuyer(product.id),
    ];
    await review(kept.token, product.id, { rating: 5 });
    await review(alsoKept.token, product.id, { rating: 4, body: 'Good' });
    const { review: hidden } = await review(hiddenBuyer.token, product.id, { rating: 1, body: 'Spam' });
    await review(refundedBuyer.token, product.id, { rating: 1, body: 'Refund me' });
    // (5 + 4 + 1 + 1) / 4 = 2.75
    expect(await figures(product.id)).toEqual({ rating: 2.8, reviews_count: 4 });

    expect((await setHidden(hidden!.id, true)).statusCode).toBe(200);
    await refund(refundedBuyer.orderId, 'refunded_at');
    await waitFor(async () => (await figures(product.id)).reviews_count === 2, 'the refund to leave the figures');
    // (5 + 4) / 2 = 4.5: the two visible reviews and nothing else.
    expect(await figures(product.id)).toEqual({ rating: 4.5, reviews_count: 2 });
    expect(await figuresOfListedReviews(product.id)).toEqual({ rating: 4.5, reviews_count: 2 });
    const listed = await t.request({ method: 'GET', url: `/api/products?search=${encodeURIComponent(product.title)}` });
    expect(listed.json().products).toMatchObject([{ id: product.id, rating: 4.5, reviews_count: 2 }]);

    // With every review hidden or refunded, the product has no rating again (not the last one, not 0 stars).
    await refund(kept.orderId);
    const staff = await t.request({ method: 'GET', url: '/api/admin/reviews?limit=100', token: admin });
    const alsoKeptReview = staff.json().reviews.find((item: AdminReview) => item.username === alsoKept.user.username);
    expect((await setHidden(alsoKeptReview.id, true)).statusCode).toBe(200);
    await waitFor(async () => (await figures(product.id)).reviews_count === 0, 'the figures to empty');
    expect(await figures(product.id)).toEqual({ rating: null, reviews_count: 0 });
    expect(await figuresOfListedReviews(product.id)).toEqual({ rating: null, reviews_count: 0 });
  });
});

describe('hostile input', () => {
  let product: Product;
  let token: string;
  beforeAll(async () => {
    product = await createProduct();
    ({ token } = await verifiedBuyer(product.id));
  });

  it.each([
    ['a rating of 0', { rating: 0 }],
    ['a rating of 6', { rating: 6 }],
    ['a rating of 2.5', { rating: 2.5 }],
    ['a rating sent as text', { rating: '5' }],
    ['a rating of null', { rating: null }],
    ['no rating', { body: 'Only words' }],
    ['a NUL byte in the text', { rating: 5, body: 'nul\u0000byte' }],
    ['a bell character in the text', { rating: 5, body: 'ding\u0007' }],
    ['half a surrogate pair', { rating: 5, body: 'broken \ud800 text' }],
    ['a text of 2,001 characters', { rating: 5, body: 'x'.repeat(LIMITS.reviewMaxLength + 1) }],
    ['a text of 1 MB', { rating: 5, body: 'x'.repeat(1_000_000) }],
    ['a text that is not text', { rating: 5, body: { html: '<b>' } }],
    ['a list instead of an object', [{ rating: 5 }]],
  ])('refuses %s with 400 and a sentence, changing nothing', async (_name, payload) => {
    const response = await putReview(token, product.id, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('validation_error');
    expect(body.detail).toEqual(expect.any(String));
    expect(body.detail.length).toBeGreaterThan(5);
    expect(await mine(token, product.id)).toEqual({ can_review: true, review: null });
  });

  it('names the rule in its answer', async () => {
    expect((await putReview(token, product.id, { rating: 6 })).json().detail).toBe('Choose a rating of 1 to 5 stars');
    expect((await putReview(token, product.id, { rating: '5' })).json().detail).toBe('Choose a rating of 1 to 5 stars');
    expect((await putReview(token, product.id, { rating: 5, body: 'x'.repeat(2001) })).json().detail).toBe(
      'A review is at most 2,000 characters',
    );
    expect((await putReview(token, product.id, { rating: 5, body: 'a\u0000' })).json().detail).toBe(
      'body must not contain control or invalid characters',
    );
  });

  it('refuses a body over the size limit with 413, and malformed JSON with 400', async () => {
    const huge = await putReview(token, product.id, { rating: 5, body: 'x'.repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toEqual(expect.any(String));
    const malformed = await t.request({
      method: 'PUT',
      url: `/api/products/${product.id}/review`,
      token,
      headers: { 'content-type': 'application/json' },
      payload: '{"rating": 5,',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('malformed_json');
  });

  it('takes exactly 2,000 characters with tabs and line breaks, and drops an unknown field such as a status', async () => {
    const text = `${'a\tb\n'.repeat(499)}abcd`;
    expect(text).toHaveLength(LIMITS.reviewMaxLength);
    const saved = await review(token, product.id, { rating: 5, body: text, hidden: false, user_id: randomUUID() } as never);
    expect(saved.review!.body).toBe(text);
    expect(saved.review!.hidden).toBe(false);
  });

  it('refuses a bad product id, page size or offset with 400', async () => {
    for (const url of [
      '/api/products/not-a-uuid/reviews',
      `/api/products/${product.id}/reviews?limit=0`,
      `/api/products/${product.id}/reviews?limit=${LIMITS.reviewsMaxPageSize + 1}`,
      `/api/products/${product.id}/reviews?offset=-1`,
      '/api/admin/reviews?hidden=maybe',
    ]) {
      const response = await t.request({ method: 'GET', url, token: admin });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().detail, url).toEqual(expect.any(String));
    }
  });
});

describe('the catalogue cache', () => {
  it("shows this instance's review in the cached product and list answers at once, dropping only that product's answers", async () => {
    const product = await createProduct();
    const untouched = await createProduct();
    const { token } = await verifiedBuyer(product.id);
    const urls = [
      `/api/products/${product.id}`,
      `/api/products?search=${encodeURIComponent(product.title)}`,
      `/api/products/${untouched.id}`,
    ];
    const cached = (url: string) => t.app.catalogCache.answerFor(url) !== undefined;
    // The notifications of the setup's own writes (two new products, the order's stock) may still be on their way.
    await waitFor(async () => {
      for (const url of urls) await t.request({ method: 'GET', url });
      await new Promise((resolve) => setTimeout(resolve, 150));
      return urls.every(cached);
    }, "the setup's notifications");

    await review(token, product.id, { rating: 2 });
    expect(urls.map(cached)).toEqual([false, false, true]);
    expect(await figures(product.id)).toEqual({ rating: 2, reviews_count: 1 });
    expect((await t.request({ method: 'GET', url: urls[1]! })).json().products[0]).toMatchObject({ rating: 2, reviews_count: 1 });
  });

  it("shows another instance's review through the database's notification", async () => {
    const product = await createProduct();
    const { user } = await verifiedBuyer(product.id);
    expect(await figures(product.id)).toEqual({ rating: null, reviews_count: 0 });
    // Another instance's write: straight to the database, past this app's write watcher.
    await t.database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('products').select('id').where('id', '=', product.id).forUpdate().execute();
      await trx.insertInto('product_reviews').values({ product_id: product.id, user_id: user.id, rating: 1, body: '' }).execute();
      await sql`UPDATE products p SET rating_tenths = f.rating_tenths, reviews_count = f.reviews_count
        FROM product_review_figures(${product.id}) f WHERE p.id = ${product.id}`.execute(trx);
    });
    await waitFor(async () => (await figures(product.id)).reviews_count === 1, 'the notification', 1000);
    expect(await figures(product.id)).toEqual({ rating: 1, reviews_count: 1 });
  });
});

describe('reviews written at once', () => {
  it('count every buyer when many review one product at the same moment', async () => {
    const product = await createProduct();
    const buyers = [];
    for (let i = 0; i < 8; i += 1) buyers.push(await verifiedBuyer(product.id));
    const stars = [5, 4, 1, 2, 5, 3, 4, 5];
    const answers = await Promise.all(
      buyers.map((buyer, index) => putReview(buyer.token, product.id, { rating: stars[index]!, body: `Buyer ${index}` })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(stars.map(() => 200));
    // (5+4+1+2+5+3+4+5) / 8 = 3.625
    expect(await figures(product.id)).toEqual({ rating: 3.6, reviews_count: 8 });
    expect((await publicList(product.id)).total).toBe(8);
  });

  it('keep one review when a buyer sends two at once', async () => {
    const product = await createProduct();
    const { token } = await verifiedBuyer(product.id);
    const answers = await Promise.all([putReview(token, product.id, { rating: 1 }), putReview(token, product.id, { rating: 5 })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [row] = await t.app.db.selectFrom('product_reviews').select('rating').where('product_id', '=', product.id).execute();
    expect(await figures(product.id)).toEqual({ rating: row!.rating, reviews_count: 1 });
  });

  it('keep the figures right when a refund and a review of one product happen at once', async () => {
    const product = await createProduct();
    const refunded = await verifiedBuyer(product.id);
    const writer = await verifiedBuyer(product.id);
    await review(refunded.token, product.id, { rating: 1 });
    await Promise.all([refund(refunded.orderId), review(writer.token, product.id, { rating: 5 })]);
    await waitFor(async () => (await figures(product.id)).reviews_count === 1, 'the figures to settle');
    expect(await figures(product.id)).toEqual({ rating: 5, reviews_count: 1 });
  });
});
