/** Which reviews the screen lists: all of them, only those shown in the shop, or only the hidden ones. */
export type ReviewFilter = 'shown' | 'hidden';

/** The reviews screen's state in its address (/admin/reviews?show=hidden&page=2), so it survives a reload and can be shared. */
export interface ReviewsSearch {
  show?: ReviewFilter;
  page?: number;
}

/** Reads the address's search params; anything unknown is dropped. */
export function validateReviewsSearch(raw: Record<string, unknown>): ReviewsSearch {
  const result: ReviewsSearch = {};
  if (raw.show === 'shown' || raw.show === 'hidden') result.show = raw.show;
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1) result.page = page;
  return result;
}

/** The API's `hidden` filter for the screen's choice. */
export function hiddenFilter(show: ReviewFilter | undefined): boolean | undefined {
  return show === undefined ? undefined : show === 'hidden';
}
