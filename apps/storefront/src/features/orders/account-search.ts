// Apart from queries.ts: the route checks its search in the first load; the queries load with the account page.
export interface AccountSearch {
  page?: number;
}

/** `/account?page=2`: the page of orders, 1-based; anything else is the first page. */
export function validateAccountSearch(search: Record<string, unknown>): AccountSearch {
  const page = Number(search.page);
  return Number.isInteger(page) && page > 1 ? { page } : {};
}
