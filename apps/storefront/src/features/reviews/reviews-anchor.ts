/** The id of a product page's reviews section: `/products/{id}#reviews`, where the account's orders link. */
export const REVIEWS_ANCHOR = 'reviews';
