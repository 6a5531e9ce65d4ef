/** A product's page. A plain string: the product routes belong to the catalogue screens. */
export function productPath(id: string): string {
  return `/products/${encodeURIComponent(id)}`;
}
