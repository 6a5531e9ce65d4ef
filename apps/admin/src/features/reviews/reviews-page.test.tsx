import { anAdminReview, deferred, type FakeCall } from '@store/api-fake';
import type { AdminReview, AdminReviewList } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { hiddenFilter, validateReviewsSearch } from './search.ts';
import { REVIEW_HIDDEN_MESSAGES } from './use-set-review-hidden.ts';

const api = setupAdminApi();

const SPAM = anAdminReview({
  product_title: 'Lumora Image Studio',
  username: 'mallory',
  rating: 1,
  body: 'Buy followers at <a href="https://spam.example">spam</a>\nnow',
  created_at: '2026-11-24T09:05:00.000Z',
});
const PRAISE = anAdminReview({
  product_title: 'Vector Studio Pro',
  username: 'alice',
  rating: 5,
  body: '',
  hidden: true,
  created_at: '2026-11-23T10:00:00.000Z',
});
const REFUNDED = anAdminReview({ username: 'ruth', rating: 2, counted: false, created_at: '2026-11-22T10:00:00.000Z' });

/** GET /admin/reviews over the given reviews, newest first as the API answers, with its `hidden` filter and paging. */
function reviewsApi(reviews: AdminReview[]) {
  return ({ query }: FakeCall<'adminListReviews'>): AdminReviewList => {
    const matching = reviews.filter((review) => query.hidden === undefined || review.hidden === query.hidden);
    const offset = query.offset ?? 0;
    return { reviews: matching.slice(offset, offset + (query.limit ?? 50)), total: matching.length };
  };
}

function rowOf(username: string): HTMLElement {
  const row = screen.getByRole('cell', { name: username }).closest('tr');
  if (!row) throw new Error(`No row for ${username}`);
  return row;
}

describe('the reviews screen', () => {
  beforeEach(() => {
    signInAsAdmin(api);
  });

  it('lists reviews newest first with date, product, author, stars, the text as plain text and the hidden flag', async () => {
    api.on('adminListReviews', reviewsApi([SPAM, PRAISE, REFUNDED]));
    renderApp('/admin/reviews');

    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'mallory' });
    expect(screen.getByText('3 reviews')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Reviews' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual(['mallory', 'alice', 'ruth']);

    const spam = within(rowOf('mallory'));
    expect(spam.getByText('24. nov 2026. 09:05')).toBeInTheDocument();
    expect(spam.getByText('Lumora Image Studio')).toBeInTheDocument();
    expect(spam.getByRole('img', { name: 'Rated 1 out of 5' })).toBeInTheDocument();
    const text = spam.getByText(/Buy followers/);
    expect(text.textContent).toBe('Buy followers at <a href="https://spam.example">spam</a>\nnow');
    expect(rowOf('mallory').querySelector('a')).toBeNull();
    expect(spam.getByText('Shown')).toHaveAttribute('data-tone', 'green');
    expect(spam.getByRole('button', { name: 'Hide the review by mallory of Lumora Image Studio' })).toHaveTextContent('Hide');

    const praise = within(rowOf('alice'));
    expect(praise.getByText('Hidden')).toHaveAttribute('data-tone', 'orange');
    expect(praise.getByText('No text')).toBeInTheDocument();
    expect(praise.getByRole('button', { name: /^Show the review by alice/ })).toBeInTheDocument();
    expect(within(rowOf('ruth')).getByText('Refunded')).toBeInTheDocument();

    expect(api.calls('adminListReviews')[0]?.query).toEqual({ limit: 100, offset: 0 });
    await waitFor(() => expect(document.title).toBe('Reviews · Acme Keys Admin'));
  });

  it('hides a review with one click, says what it did, and reloads the list', async () => {
    const user = userEvent.setup();
    let reviews = [SPAM, PRAISE];
    api.on('adminListReviews', (call) => reviewsApi(reviews)(call));
    const answer = deferred<AdminReview>();
    api.on('adminSetReviewHidden', () => answer.promise);
    renderApp('/admin/reviews');

    const hide = await screen.findByRole('button', { name: /^Hide the review by mallory/ });
    const loads = api.calls('adminListReviews').length;
    await user.click(hide);
    expect(api.calls('adminSetReviewHidden')[0]).toMatchObject({ params: { id: SPAM.id }, body: { hidden: true } });
    // One change at a time: every Hide/Show waits while one is on its way.
    await waitFor(() => expect(screen.getByRole('button', { name: /^Show the review by alice/ })).toBeDisabled());

    const changed = { ...SPAM, hidden: true };
    reviews = [changed, PRAISE];
    answer.resolve(changed);
    expect(await screen.findByText(REVIEW_HIDDEN_MESSAGES.hidden)).toBeInTheDocument();
    await waitFor(() => expect(api.calls('adminListReviews').length).toBeGreaterThan(loads));
    expect(await within(rowOf('mallory')).findByText('Hidden')).toBeInTheDocument();
    expect(within(rowOf('mallory')).getByRole('button', { name: /^Show the review by mallory/ })).toBeEnabled();
  });

  it('shows a hidden review again', async () => {
    const user = userEvent.setup();
    api.on('adminListReviews', reviewsApi([PRAISE]));
    api.on('adminSetReviewHidden', ({ body }) => ({ ...PRAISE, hidden: body.hidden }));
    renderApp('/admin/reviews');

    await user.click(await screen.findByRole('button', { name: /^Show the review by alice/ }));
    expect(await screen.findByText(REVIEW_HIDDEN_MESSAGES.shown)).toBeInTheDocument();
    expect(api.calls('adminSetReviewHidden')[0]?.body).toEqual({ hidden: false });
  });

  it("shows the server's reason when a change is refused", async () => {
    const user = userEvent.setup();
    api.on('adminListReviews', reviewsApi([SPAM]));
    api.on('adminSetReviewHidden', api.error(404, 'Review not found', 'review_not_found'));
    renderApp('/admin/reviews');

    await user.click(await screen.findByRole('button', { name: /^Hide the review by mallory/ }));
    expect(await screen.findByText('Review not found')).toBeInTheDocument();
  });

  it('filters to the hidden or the shown reviews through the address', async () => {
    const user = userEvent.setup();
    api.on('adminListReviews', reviewsApi([SPAM, PRAISE, REFUNDED]));
    const { router } = renderApp('/admin/reviews');

    await screen.findByRole('cell', { name: 'mallory' });
    await user.selectOptions(screen.getByLabelText('Show'), 'hidden');
    await waitFor(() => expect(router.state.location.search).toEqual({ show: 'hidden' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'mallory' })).toBeNull());
    expect(screen.getByRole('cell', { name: 'alice' })).toBeInTheDocument();
    expect(api.calls('adminListReviews').at(-1)?.query).toEqual({ hidden: true, limit: 100, offset: 0 });

    await user.selectOptions(screen.getByLabelText('Show'), 'shown');
    await waitFor(() => expect(api.calls('adminListReviews').at(-1)?.query).toEqual({ hidden: false, limit: 100, offset: 0 }));
  });

  it("says there are none yet, and 'Error loading reviews' with an empty list when the load fails", async () => {
    api.on('adminListReviews', { reviews: [], total: 0 });
    const { unmount } = renderApp('/admin/reviews');
    expect(await screen.findByText('No reviews found')).toBeInTheDocument();
    unmount();

    api.on('adminListReviews', api.error(500, 'Internal server error', 'internal_error'));
    renderApp('/admin/reviews');
    expect(await screen.findByText('Error loading reviews')).toBeInTheDocument();
    expect(screen.getByText('No reviews found')).toBeInTheDocument();
  });
});

describe('the reviews screen address', () => {
  it('keeps a known filter and a page past the first, and drops anything else', () => {
    expect(validateReviewsSearch({ show: 'hidden', page: '3' })).toEqual({ show: 'hidden', page: 3 });
    expect(validateReviewsSearch({ show: 'everything', page: '1', search: 'x' })).toEqual({});
    expect([hiddenFilter(undefined), hiddenFilter('hidden'), hiddenFilter('shown')]).toEqual([undefined, true, false]);
  });
});
