/** The product's brand: the default site name and the default sender name of store mail. */
export const BRAND_NAME = 'KeyVault';

/** Business constants of spec section 9, shared by the API and both apps. */
export const LIMITS = {
  passwordMinLength: 6,
  passwordMaxLength: 256,
  pageSize: 50,
  maxPageSize: 100,
  featuredCount: 9,
  adminListSize: 100,
  dashboardRecent: 5,
  uploadMaxBytes: 5 * 1024 * 1024,
  cartMinQuantity: 1,
  /** Per order line and lines per order: bounds against bots buying out a product's keys. */
  orderMaxQuantity: 100,
  orderMaxLines: 50,
  cardFeatureCount: 2,
  defaultRating: 4,
} as const;

/** The value the API answers in place of a stored secret; sending it back keeps the stored value. */
export const SECRET_MASK = '••••••••';
