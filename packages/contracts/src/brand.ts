/** The product's brand: the default site name and the default sender name of store mail. */
export const BRAND_NAME = 'KeyVault';

/** Business constants of spec section 9, shared by the API and both apps. */
export const LIMITS = {
  /** An API key's name (docs/decisions/056-api-keys.md). */
  apiKeyNameMaxLength: 80,
  /** A webhook endpoint's address (docs/decisions/057-webhooks.md). */
  webhookUrlMaxLength: 2000,
  passwordMinLength: 6,
  passwordMaxLength: 256,
  pageSize: 50,
  maxPageSize: 100,
  featuredCount: 9,
  adminListSize: 100,
  dashboardRecent: 5,
  uploadMaxBytes: 5 * 1024 * 1024,
  cartMinQuantity: 1,
  /**
   * Units of one product in one order, lines per order and units per order: bounds against one buyer
   * holding or buying out a product's keys (see docs/decisions/015-trust.md).
   */
  orderMaxQuantity: 20,
  orderMaxLines: 50,
  orderMaxUnits: 100,
  /** A package's members (docs/decisions/038-packages.md): at least two, at most twenty, each 1..100 units. */
  packageMinItems: 2,
  packageMaxItems: 20,
  packageItemMaxQuantity: 100,
  /** The longest licence key the pool takes (its unique index has a row size limit). */
  licenseKeyMaxLength: 500,
  /** Deliverable files one product may carry, and the longest name one may have. */
  productFilesMax: 20,
  fileNameMaxLength: 200,
  /** Downloads of each file per order line (the product's `download_limit`): the default and the bounds. */
  downloadLimitDefault: 5,
  downloadLimitMax: 1000,
  /** A generated licence key's pattern: `X` marks a random character; at least this many of them (5 bits each). */
  keyPatternMinRandom: 8,
  keyPatternMaxLength: 64,
  /**
   * Machines (instances) one sold licence key may be activated on at once: a product's `max_activations`,
   * its default and its bound; 0 means the product sets no limit (docs/decisions/025-licence-check-api.md).
   */
  maxActivationsDefault: 3,
  maxActivationsMax: 10_000,
  /** The longest instance name (a machine name) the licence check takes. */
  licenseInstanceMaxLength: 200,
  /**
   * The furthest the catalogue may be paged by offset: 20 pages of 50, more than a shopper turns. Further
   * pages follow the previous page's `next_after` (keyset), which costs the same at any depth.
   */
  catalogMaxOffset: 1_000,
  /** A search's total is counted exactly up to this many matches; beyond it the list says "1,000+". */
  searchCountBound: 1_000,
  /** Suggestions as a shopper types: product titles at most. */
  suggestMaxProducts: 8,
  /** The furthest a list may be paged by offset. */
  maxOffset: 10_000_000,
  cardFeatureCount: 2,
  /** A review's text, in characters (docs/decisions/027-reviews.md); a review's stars are whole, 1 to 5. */
  reviewMaxLength: 2000,
  /** Reviews a product page shows at a time ('Show more reviews' asks for the next ones), and the most one request may ask. */
  reviewsPageSize: 10,
  reviewsMaxPageSize: 50,
  /** Staff's reason for a refund, in characters (docs/decisions/026-refunds-and-disputes.md). */
  refundReasonMinLength: 3,
  refundReasonMaxLength: 500,
  /**
   * Discount codes (docs/decisions/028-discount-codes.md): products one code may be limited to, and the largest
   * fixed amount in dollars (a percentage is a whole number from 1 to 100).
   */
  discountMaxProducts: 100,
  discountMaxFixedDollars: 1_000_000,
  /** Subscriptions (docs/decisions/037-subscriptions.md): a product's free trial in days, and the settings' grace period in days (default 3). */
  trialDaysMax: 90,
  subscriptionGraceDaysMax: 30,
  subscriptionGraceDaysDefault: 3,
} as const;

/**
 * Two-factor sign-in for staff (docs/decisions/030-two-factor-sign-in.md): TOTP of RFC 6238 as authenticator
 * apps make it by default (SHA-1, 6 digits, 30-second steps), a code of the step before or after taken too
 * (clocks drift), ten single-use recovery codes, and a second sign-in step that lasts 5 minutes and 5 wrong codes.
 */
export const TWO_FACTOR = {
  digits: 6,
  periodSeconds: 30,
  /** Steps either side of now whose code is taken. */
  window: 1,
  recoveryCodes: 10,
  challengeSeconds: 5 * 60,
  challengeMaxFailures: 5,
} as const;

/** The value the API answers in place of a stored secret; sending it back keeps the stored value. */
export const SECRET_MASK = '••••••••';
