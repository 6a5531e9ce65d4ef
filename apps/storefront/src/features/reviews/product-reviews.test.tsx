import { aProduct, aReview, anOwnReview, aUser } from '@store/api-fake';
import { LIMITS, type MyReview, type Review } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi, signIn } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { checkReview } from './review-form.tsx';

const api = setupShopApi();

beforeEach(resetShop);
afterEach(resetShop);

const product = aProduct({ title: 'Lumora Image Studio' });

/** The product with the figures of `reviews`, as the API gives them: their average stars and how many there are. */
function stubProduct(reviews: Review[] = []) {
  const stars = reviews.reduce((sum, review) => sum + review.rating, 0);
  const rating = reviews.length === 0 ? null : Math.round((10 * stars) / reviews.length) / 10;
  api.on('getProduct', { ...product, rating, reviews_count: reviews.length });
  api.on('listProductReviews', ({ query }) => {
    const offset = query.offset ?? 0;
    return { reviews: reviews.slice(offset, offset + (query.limit ?? LIMITS.reviewsPageSize)), total: reviews.length };
  });
}

const reviewsSection = () => screen.findByRole('region', { name: 'Reviews' });

describe('the reviews of a product page', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it("lists buyers' reviews with the author's username, the date, the stars and the text as plain text", async () => {
    stubProduct([
      aReview({
        author: 'bob',
        rating: 2,
        body: 'Crashed twice.\nThen <b>fine</b> <script>alert(1)</script>',
        created_at: '2026-11-21T10:00:00.000Z',
        updated_at: '2026-11-22T08:00:00.000Z',
      }),
      aReview({ author: 'carol', rating: 5, body: '', created_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z' }),
    ]);
    renderApp(`/products/${product.id}`);

    const section = await reviewsSection();
    expect(within(section).getByText('3.5 out of 5')).toBeInTheDocument();
    expect(within(section).getByText('(2 reviews)')).toBeInTheDocument();
    expect(await within(section).findByText('Showing 2 of 2 reviews by verified buyers')).toBeInTheDocument();

    const bob = within(section).getByRole('article', { name: 'Review by bob, 2 stars' });
    expect(within(bob).getByRole('img', { name: 'Rated 2 out of 5' })).toBeInTheDocument();
    expect(within(bob).getByText('Nov 21, 2026')).toHaveAttribute('datetime', '2026-11-21T10:00:00.000Z');
    expect(bob).toHaveTextContent('(edited)');
    const text = within(bob).getByText(/Crashed twice/);
    expect(text.textContent).toBe('Crashed twice.\nThen <b>fine</b> <script>alert(1)</script>');
    expect(bob.querySelector('b, script')).toBeNull();

    const carol = within(section).getByRole('article', { name: 'Review by carol, 5 stars' });
    expect(carol).not.toHaveTextContent('(edited)');
    expect(carol.querySelector('p')).toBeNull();
    expect(api.calls('listProductReviews')[0]).toMatchObject({ params: { id: product.id }, query: { limit: 10, offset: 0 } });
  });

  it("shows ten reviews, then the next ones with 'Show more reviews' until all are shown", async () => {
    const user = userEvent.setup();
    const reviews = Array.from({ length: 12 }, (_, index) => aReview({ author: `buyer${index}`, body: `Review number ${index}` }));
    stubProduct(reviews);
    renderApp(`/products/${product.id}`);

    const section = await reviewsSection();
    expect(await within(section).findByText('Showing 10 of 12 reviews by verified buyers')).toBeInTheDocument();
    expect(within(section).getAllByRole('article')).toHaveLength(10);

    await user.click(within(section).getByRole('button', { name: 'Show more reviews' }));
    expect(await within(section).findByText('Showing 12 of 12 reviews by verified buyers')).toBeInTheDocument();
    expect(within(section).getByText('Review number 11')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Show more reviews' })).toBeNull();
    expect(api.calls('listProductReviews').map((call) => call.query.offset)).toEqual([0, 10]);
  });

  it('says when there are no reviews yet, and asks a visitor to sign in to review, coming back after', async () => {
    stubProduct();
    renderApp(`/products/${product.id}`);

    const section = await reviewsSection();
    expect(await within(section).findByText('No reviews yet')).toBeInTheDocument();
    expect(within(section).queryByRole('img', { name: /^Rated/ })).toBeNull();
    await waitFor(() => expect(api.calls('listProductReviews')).toHaveLength(1));
    expect(within(section).queryByRole('list', { name: 'Reviews by buyers' })).toBeNull();
    expect(within(section).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`/products/${product.id}#reviews`)}`,
    );
    expect(within(section).queryByRole('form')).toBeNull();
    expect(api.calls('getMyReview')).toEqual([]);
  });

  it('offers no form to a signed-in shopper who has not bought the product', async () => {
    signIn(api, aUser());
    stubProduct();
    api.on('getMyReview', { can_review: false, review: null });
    renderApp(`/products/${product.id}`);

    const section = await reviewsSection();
    expect(await within(section).findByText('Only buyers of a completed order of this product can review it.')).toBeInTheDocument();
    expect(within(section).queryByRole('form')).toBeNull();
    expect(within(section).queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it("lets a buyer post a review: stars required, then the review, the list and the product's figures are asked again", async () => {
    const user = userEvent.setup();
    signIn(api, aUser());
    stubProduct();
    let mine: MyReview = { can_review: true, review: null };
    api.on('getMyReview', () => mine);
    api.on('saveMyReview', ({ body }) => {
      mine = { can_review: true, review: anOwnReview({ rating: body.rating, body: body.body ?? '' }) };
      return mine;
    });
    renderApp(`/products/${product.id}`);

    const form = await screen.findByRole('form', { name: 'Write a review' });
    await user.type(within(form).getByLabelText('Your review (optional)'), 'Sharp and fast.{Enter}Worth it.');
    expect(within(form).getByText(/^25 \/ 2,000 characters/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Post review' }));
    expect(await within(form).findByText('Choose a rating of 1 to 5 stars')).toBeInTheDocument();
    expect(api.calls('saveMyReview')).toEqual([]);

    const productCalls = api.calls('getProduct').length;
    const listCalls = api.calls('listProductReviews').length;
    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    expect(within(form).queryByText('Choose a rating of 1 to 5 stars')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Post review' }));

    expect(await screen.findByText('Thank you! Your review is posted.')).toBeInTheDocument();
    expect(api.calls('saveMyReview')).toHaveLength(1);
    expect(api.calls('saveMyReview')[0]).toMatchObject({
      params: { id: product.id },
      body: { rating: 4, body: 'Sharp and fast.\nWorth it.' },
    });
    const section = await reviewsSection();
    expect(await within(section).findByRole('heading', { name: 'Your review' })).toBeInTheDocument();
    expect(within(section).getByText('Sharp and fast.\nWorth it.', { normalizer: (text) => text })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Edit your review' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls('listProductReviews').length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(api.calls('getProduct').length).toBeGreaterThan(productCalls));
  });

  it('lets a buyer edit their review, prefilled, and cancel an edit', async () => {
    const user = userEvent.setup();
    signIn(api, aUser());
    stubProduct();
    let mine: MyReview = { can_review: true, review: anOwnReview({ rating: 4, body: 'Good value.' }) };
    api.on('getMyReview', () => mine);
    api.on('saveMyReview', ({ body }) => {
      mine = { can_review: true, review: anOwnReview({ rating: body.rating, body: body.body ?? '' }) };
      return mine;
    });
    renderApp(`/products/${product.id}`);

    const section = await reviewsSection();
    await user.click(await within(section).findByRole('button', { name: 'Edit your review' }));
    let form = within(section).getByRole('form', { name: 'Edit your review' });
    expect(within(form).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(within(form).getByLabelText('Your review (optional)')).toHaveValue('Good value.');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(section).queryByRole('form')).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Edit your review' }));
    form = within(section).getByRole('form', { name: 'Edit your review' });
    await user.click(within(form).getByRole('radio', { name: '2 stars' }));
    await user.clear(within(form).getByLabelText('Your review (optional)'));
    await user.type(within(form).getByLabelText('Your review (optional)'), 'Worse after the update.');
    await user.click(within(form).getByRole('button', { name: 'Update review' }));

    expect(await screen.findByText('Your review is updated.')).toBeInTheDocument();
    expect(api.calls('saveMyReview')[0]?.body).toEqual({ rating: 2, body: 'Worse after the update.' });
    expect(await within(section).findByText('Worse after the update.')).toBeInTheDocument();
    expect(within(section).queryByRole('form')).toBeNull();
  });

  it("shows the server's refusal and asks again whether the shopper may still review", async () => {
    const user = userEvent.setup();
    signIn(api, aUser());
    stubProduct();
    api.on('getMyReview', { can_review: true, review: null });
    api.on(
      'saveMyReview',
      api.error(
        403,
        'Only buyers of a completed order of this product can review it (a refunded order does not count).',
        'review_not_allowed',
      ),
    );
    renderApp(`/products/${product.id}`);

    const form = await screen.findByRole('form', { name: 'Write a review' });
    const asked = api.calls('getMyReview').length;
    api.on('getMyReview', { can_review: false, review: null });
    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Post review' }));

    expect(
      await screen.findByText('Only buyers of a completed order of this product can review it (a refunded order does not count).'),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.calls('getMyReview').length).toBeGreaterThan(asked));
    expect(await screen.findByText('Only buyers of a completed order of this product can review it.')).toBeInTheDocument();
  });

  it('tells the author when the shop hid their review, and when a refund means it no longer counts', async () => {
    signIn(api, aUser());
    stubProduct();
    api.on('getMyReview', { can_review: true, review: anOwnReview({ hidden: true }) });
    const { unmount } = renderApp(`/products/${product.id}`);
    expect(await screen.findByText(/The shop has hidden this review/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit your review' })).toBeInTheDocument();
    unmount();

    api.on('getMyReview', { can_review: false, review: anOwnReview() });
    renderApp(`/products/${product.id}`);
    expect(await screen.findByText(/Your order of this product was refunded/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit your review' })).toBeNull();
  });
});

describe('checkReview', () => {
  it("applies the contract's rules: whole stars from 1 to 5, plain text of at most 2,000 characters", () => {
    expect(checkReview({ rating: null, body: '' })).toEqual({ rating: 'Choose a rating of 1 to 5 stars' });
    expect(checkReview({ rating: 5, body: '' })).toEqual({});
    expect(checkReview({ rating: 3, body: 'x'.repeat(2000) })).toEqual({});
    expect(checkReview({ rating: 3, body: 'x'.repeat(2001) })).toEqual({ body: 'A review is at most 2,000 characters' });
    expect(checkReview({ rating: 3, body: 'nul\u0000' })).toEqual({ body: 'body must not contain control or invalid characters' });
    expect(checkReview({ rating: 3, body: 'two\nlines\twith a tab' })).toEqual({});
  });
});
