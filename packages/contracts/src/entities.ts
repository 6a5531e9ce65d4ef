import Type, { type Static } from 'typebox';
import { BRAND_NAME, LIMITS, TWO_FACTOR } from './brand.ts';
import {
  BillingIntervalSchema,
  CategorySchema,
  DeliveryEventKindSchema,
  DiscountKindSchema,
  DiscountStatusSchema,
  FontFamilySchema,
  KeyModeSchema,
  LicenseStatusValueSchema,
  OrderStatusSchema,
  PaymentMethodSchema,
  ProductSortSchema,
  ProductTypeSchema,
  ProviderEnvironmentSchema,
  RoleSchema,
  ThemeSchema,
} from './enum-schemas.ts';
import { API_ERROR_CODES } from './errors.ts';
import { hasWholeCents } from './money.ts';
import { PlainLine, PlainText } from './text.ts';

/* Shared field shapes ---------------------------------------------------------------------------- */

const UUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
// The pattern as well as the format: a `uuid` format may also take `urn:uuid:...` (Ajv's did), which PostgreSQL does not.
export const IdSchema = Type.String({ format: 'uuid', pattern: `^${UUID_PATTERN}$`, description: 'A random UUID' });
export const TimestampSchema = Type.String({ format: 'date-time' });
/** Dollars as a number with at most two decimals; stored as integer cents. */
export const MoneySchema = Type.Number({ minimum: 0, maximum: 1_000_000, description: 'US dollars, two decimals' });
/** A sum of many orders in dollars: not bounded by one order's limit. */
export const AmountSchema = Type.Number({ minimum: 0, description: 'US dollars, two decimals' });
export const EmailSchema = Type.String({ format: 'email', maxLength: 254, errorMessage: 'Enter a valid email address' });
/** An image address: a path on this host (/uploads/...) or an absolute http(s) URL; never inline data. */
export const ImageUrlSchema = Type.String({
  // No control character and no lone surrogate (the pattern's \S takes both): half a surrogate pair made PostgreSQL's jsonb refuse the row, a 500.
  format: 'plain-line',
  pattern: '^(/uploads/[A-Za-z0-9._-]+|https?://\\S+)$',
  maxLength: 2048,
  errorMessage: 'Images must be uploaded files or http(s) addresses',
});
/** A message that asks for the value ("Enter your password"): a missing property's message too (validate.ts). */
const asking = (message: string) => ({ errorMessage: message, missingMessage: message });
/** A line that may not be blank; its message asks for it, and is a missing property's too unless `named` is false (the message calls the field by another name). */
const NonEmpty = (maxLength: number, errorMessage?: string, { named = true } = {}) =>
  PlainLine({ minLength: 1, maxLength, pattern: '\\S', ...(errorMessage ? (named ? asking(errorMessage) : { errorMessage }) : {}) });
const NonEmptyText = (maxLength: number, errorMessage?: string) =>
  PlainText({ minLength: 1, maxLength, pattern: '\\S', ...(errorMessage ? asking(errorMessage) : {}) });
/** A page's position in a list: bounded, so no offset reaches the database beyond what it can count. */
const OffsetSchema = Type.Integer({ minimum: 0, maximum: LIMITS.maxOffset, default: 0 });
const PageSizeSchema = Type.Integer({ minimum: 1, maximum: LIMITS.maxPageSize, default: LIMITS.pageSize });
const SearchSchema = PlainLine({ maxLength: 200 });

export const ErrorSchema = Type.Object(
  {
    detail: Type.String({ description: 'A sentence for a person' }),
    code: Type.Enum(API_ERROR_CODES, { description: 'A stable machine code (see ERROR_CODES in @store/contracts)' }),
  },
  { description: 'Every error answer' },
);
export type ApiErrorBody = Static<typeof ErrorSchema>;

/* Users and sessions ----------------------------------------------------------------------------- */

export const UserSchema = Type.Object({
  id: IdSchema,
  username: Type.String(),
  email: Type.String(),
  role: RoleSchema,
  is_active: Type.Boolean(),
  /** The owner opened a link mailed to the address (or signed in by one): guest orders paid with it join the account. */
  email_verified: Type.Boolean(),
  created_at: TimestampSchema,
});
export type User = Static<typeof UserSchema>;

export const UsernameSchema = Type.String({
  minLength: 3,
  maxLength: 32,
  pattern: '^[A-Za-z0-9_.-]+$',
  errorMessage: 'Username must be 3-32 letters, digits, dots, dashes or underscores',
});

export const PasswordSchema = Type.String({
  minLength: LIMITS.passwordMinLength,
  maxLength: LIMITS.passwordMaxLength,
  errorMessage: `Password must be at least ${LIMITS.passwordMinLength} characters`,
});

export const RegisterBodySchema = Type.Object(
  { username: UsernameSchema, email: EmailSchema, password: PasswordSchema },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBodySchema>;

export const LoginBodySchema = Type.Object(
  {
    username: PlainLine({ minLength: 1, maxLength: 254, description: 'Username or email', ...asking('Enter your email or username') }),
    password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMaxLength, ...asking('Enter your password') }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBodySchema>;

/** A password change: the current password proves the person at the keyboard; every other session ends. */
export const PasswordChangeBodySchema = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMaxLength, ...asking('Enter your current password') }),
    new_password: PasswordSchema,
  },
  { additionalProperties: false },
);
export type PasswordChangeBody = Static<typeof PasswordChangeBodySchema>;

/** "Forgot password?": the account's email; the answer is the same whether an account has it or not. */
export const PasswordResetRequestBodySchema = Type.Object({ email: EmailSchema }, { additionalProperties: false });
export type PasswordResetRequestBody = Static<typeof PasswordResetRequestBodySchema>;

/** The token of a reset link (43 URL-safe characters: 32 random bytes) and the new password. */
export const PasswordResetBodySchema = Type.Object(
  {
    token: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', errorMessage: 'This reset link is not valid' }),
    new_password: PasswordSchema,
  },
  { additionalProperties: false },
);
export type PasswordResetBody = Static<typeof PasswordResetBodySchema>;

/** The token of a mailed link (43 URL-safe characters: 32 random bytes). */
const LinkTokenSchema = (errorMessage: string) => Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', errorMessage });

/** The token of an email verification link. */
export const VerifyEmailBodySchema = Type.Object({ token: LinkTokenSchema('This verification link is not valid') }, { additionalProperties: false });
export type VerifyEmailBody = Static<typeof VerifyEmailBodySchema>;

/** A verified email, and how many guest orders paid with it joined the account just now. */
export const VerifyEmailResponseSchema = Type.Object({
  message: Type.String(),
  claimed_orders: Type.Integer({ minimum: 0, description: 'Guest orders paid with this email that joined the account' }),
});
export type VerifyEmailResponse = Static<typeof VerifyEmailResponseSchema>;

/** "Email me a sign-in link": the answer is the same whether an account has the email or not. */
export const MagicLinkRequestBodySchema = Type.Object({ email: EmailSchema }, { additionalProperties: false });
export type MagicLinkRequestBody = Static<typeof MagicLinkRequestBodySchema>;

/** The token of a mailed sign-in link. */
export const MagicLinkBodySchema = Type.Object({ token: LinkTokenSchema('This sign-in link is not valid') }, { additionalProperties: false });
export type MagicLinkBody = Static<typeof MagicLinkBodySchema>;

export const AuthResponseSchema = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  expires_in: Type.Integer({ description: 'Seconds until the token expires' }),
  user: UserSchema,
});
export type AuthResponse = Static<typeof AuthResponseSchema>;

/*
 * Two-factor sign-in for staff (docs/decisions/030-two-factor-sign-in.md). The password of an account with
 * it answers a challenge instead of a session; the second step (POST /api/auth/login/2fa) answers the session.
 */

/** The password was right and the account signs in with a second factor: send a code with this token within `expires_in` seconds. */
export const TwoFactorChallengeSchema = Type.Object({
  two_factor_required: Type.Literal(true),
  two_factor_token: Type.String({ description: 'Names this sign-in in its second step; single use' }),
  expires_in: Type.Integer({ description: 'Seconds the second step stays open' }),
});
export type TwoFactorChallenge = Static<typeof TwoFactorChallengeSchema>;

/** What the password sign-in answers: a session, or (staff with two-factor sign-in) the second step to take. */
export const LoginResponseSchema = Type.Union([AuthResponseSchema, TwoFactorChallengeSchema]);
export type LoginResponse = Static<typeof LoginResponseSchema>;

export const isTwoFactorChallenge = (answer: LoginResponse): answer is TwoFactorChallenge => 'two_factor_required' in answer;

/** The 6 digits an authenticator app shows. */
export const TotpCodeSchema = Type.String({
  pattern: `^[0-9]{${TWO_FACTOR.digits}}$`,
  ...asking(`Enter the ${TWO_FACTOR.digits}-digit code from your authenticator app`),
});

/** One of the ten recovery codes (`xxxxx-xxxxx`; case, spaces and dashes do not matter). */
export const RecoveryCodeSchema = Type.String({
  minLength: 1,
  maxLength: 40,
  pattern: '^[A-Za-z0-9 -]+$',
  errorMessage: 'Enter one of your recovery codes',
});

/** A second factor: a code from the app, or one recovery code (exactly one of the two). */
const SecondFactorFields = { code: Type.Optional(TotpCodeSchema), recovery_code: Type.Optional(RecoveryCodeSchema) };

export const TwoFactorLoginBodySchema = Type.Object(
  {
    token: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', errorMessage: 'This sign-in has expired. Sign in with your password again.' }),
    ...SecondFactorFields,
  },
  { additionalProperties: false },
);
export type TwoFactorLoginBody = Static<typeof TwoFactorLoginBodySchema>;

export const SecondFactorBodySchema = Type.Object(SecondFactorFields, { additionalProperties: false });
export type SecondFactorBody = Static<typeof SecondFactorBodySchema>;

/** The account's password, asked again before any change of how it signs in (docs/decisions/030-two-factor-sign-in.md). */
const AccountPasswordSchema = Type.String({ minLength: 1, maxLength: LIMITS.passwordMaxLength, ...asking('Enter your password') });

/** Starting the setup: the password, so a stolen session alone cannot enrol another phone. */
export const TwoFactorSetupBodySchema = Type.Object({ password: AccountPasswordSchema }, { additionalProperties: false });
export type TwoFactorSetupBody = Static<typeof TwoFactorSetupBodySchema>;

/** Turning two-factor sign-in off, or new recovery codes: the password and a second factor. */
export const TwoFactorDisableBodySchema = Type.Object({ password: AccountPasswordSchema, ...SecondFactorFields }, { additionalProperties: false });
export type TwoFactorDisableBody = Static<typeof TwoFactorDisableBodySchema>;

export const TwoFactorRecoveryCodesBodySchema = TwoFactorDisableBodySchema;
export type TwoFactorRecoveryCodesBody = Static<typeof TwoFactorRecoveryCodesBodySchema>;

/** Turning it on: the password and a code of the new secret. */
export const TwoFactorEnableBodySchema = Type.Object({ password: AccountPasswordSchema, code: TotpCodeSchema }, { additionalProperties: false });
export type TwoFactorEnableBody = Static<typeof TwoFactorEnableBodySchema>;

/** The caller's two-factor sign-in. */
export const TwoFactorStatusSchema = Type.Object({
  enabled: Type.Boolean(),
  enabled_at: Type.Union([TimestampSchema, Type.Null()]),
  recovery_codes_left: Type.Integer({ minimum: 0 }),
  /** The store requires two-factor sign-in of every staff account (`require_staff_two_factor`). */
  required: Type.Boolean(),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatusSchema>;

/** A new secret to enrol, answered once: the app scans the QR code or takes the secret typed in. */
export const TwoFactorSetupSchema = Type.Object({
  secret: Type.String({ description: 'The TOTP secret in base32, for typing into the app' }),
  otpauth_uri: Type.String({ description: 'The otpauth:// URI the QR code holds' }),
  qr_code: Type.String({ description: 'The QR code as a data: URL (PNG), made on the server' }),
  issuer: Type.String(),
  account: Type.String(),
});
export type TwoFactorSetup = Static<typeof TwoFactorSetupSchema>;

/** Ten new recovery codes, shown once: only their digests are kept. */
export const RecoveryCodesSchema = Type.Object({
  recovery_codes: Type.Array(Type.String(), { minItems: TWO_FACTOR.recoveryCodes, maxItems: TWO_FACTOR.recoveryCodes }),
  message: Type.String(),
});
export type RecoveryCodes = Static<typeof RecoveryCodesSchema>;

/* Catalogue -------------------------------------------------------------------------------------- */

// TypeBox keeps no constraint of a record's key schema: `propertyNames` bounds the names themselves.
export const SystemRequirementsSchema = Type.Record(Type.String(), PlainLine({ minLength: 1, maxLength: 200 }), {
  maxProperties: 20,
  propertyNames: { type: 'string', minLength: 1, maxLength: 60, format: 'plain-line' },
});

/** A member of a package as the catalogue shows it: its title now, and its units in one package. */
export const PackageItemSchema = Type.Object({
  product_id: IdSchema,
  quantity: Type.Integer({ minimum: 1, maximum: LIMITS.packageItemMaxQuantity }),
  title: Type.String(),
});
export type PackageItem = Static<typeof PackageItemSchema>;

/** A member of a package as staff set it (docs/decisions/038-packages.md); the rules beyond the schema are the server's. */
export const PackageItemInputSchema = Type.Object(
  {
    product_id: IdSchema,
    quantity: Type.Integer({
      minimum: 1,
      maximum: LIMITS.packageItemMaxQuantity,
      errorMessage: `A package member's quantity is a whole number from 1 to ${LIMITS.packageItemMaxQuantity}`,
    }),
  },
  { additionalProperties: false },
);
export type PackageItemInput = Static<typeof PackageItemInputSchema>;

export const ProductSchema = Type.Object({
  id: IdSchema,
  title: Type.String(),
  description: Type.String(),
  detailed_description: Type.String(),
  price: MoneySchema,
  category: CategorySchema,
  product_type: ProductTypeSchema,
  images: Type.Array(Type.String()),
  image: Type.Union([Type.String(), Type.Null()], { description: 'The first image, kept for older clients' }),
  features: Type.Array(Type.String()),
  system_requirements: Type.Record(Type.String(), Type.String()),
  /** Units not yet sold: unpaid orders do not lower it; sold out means sold (docs/decisions/036-holds-at-payment.md). */
  stock_quantity: Type.Integer({ minimum: 0 }),
  /**
   * The average stars, one decimal, of the reviews that count (not hidden, by buyers whose purchase stands),
   * and how many count; null and 0 while none does (docs/decisions/027-reviews.md). Nothing else moves them.
   */
  rating: Type.Union([Type.Number({ minimum: 1, maximum: 5 }), Type.Null()], {
    description: 'Average stars of the counted reviews, one decimal; null when the product has none',
  }),
  reviews_count: Type.Integer({ minimum: 0, description: 'How many reviews count: not hidden, by a buyer whose purchase stands' }),
  created_at: TimestampSchema,
  /** How many times a buyer may download each of the product's files, per order line. */
  download_limit: Type.Integer({ minimum: 1, maximum: LIMITS.downloadLimitMax }),
  /** Where its licence keys come from; `key_pattern` is set when they are generated. */
  key_mode: KeyModeSchema,
  key_pattern: Type.Union([Type.String(), Type.Null()]),
  /** How often a subscription product bills; null unless `product_type` is subscription (docs/decisions/037-subscriptions.md). */
  billing_interval: Type.Union([BillingIntervalSchema, Type.Null()]),
  /** Free days before a subscription's first payment; 0 unless `product_type` is subscription. */
  trial_days: Type.Integer({ minimum: 0, maximum: LIMITS.trialDaysMax }),
  /**
   * A package's members (empty for other types). A package's `stock_quantity` is what its members allow:
   * the least over its members of floor(member's unsold units / its quantity) (docs/decisions/038-packages.md).
   */
  package_items: Type.Array(PackageItemSchema, { maxItems: LIMITS.packageMaxItems }),
});
export type Product = Static<typeof ProductSchema>;

/**
 * A generated key's pattern: letters, digits, `.`, `_` and `-`; every `X` becomes a random character
 * of KEY_ALPHABET, and there are at least LIMITS.keyPatternMinRandom of them, so keys cannot be guessed.
 */
export const KeyPatternSchema = Type.String({
  pattern: `^(?=(?:[^X]*X){${LIMITS.keyPatternMinRandom}})[A-Za-z0-9._-]{${LIMITS.keyPatternMinRandom},${LIMITS.keyPatternMaxLength}}$`,
  maxLength: LIMITS.keyPatternMaxLength,
  examples: ['KV-XXXX-XXXX-XXXX-XXXX', 'XXXXXXXX', 'ACME_XXXXX.XXXXX-XXXXX-XXXXX'],
  errorMessage: `The key pattern is up to ${LIMITS.keyPatternMaxLength} letters, digits, dots, dashes or underscores, with at least ${LIMITS.keyPatternMinRandom} X (each X becomes a random character)`,
});
export const DEFAULT_KEY_PATTERN = 'KV-XXXX-XXXX-XXXX-XXXX';

/** Machines one sold key of the product may be activated on at once, through the licence check API; 0: no limit. */
export const MaxActivationsSchema = Type.Integer({
  minimum: 0,
  maximum: LIMITS.maxActivationsMax,
  description: 'Machines one sold key may be activated on at once (POST /api/licenses/activate); 0 sets no limit',
  errorMessage: `The activation limit is a whole number from 0 (no limit) to ${LIMITS.maxActivationsMax}`,
});

export const ProductInputSchema = Type.Object(
  {
    title: NonEmpty(200, 'Product name is required', { named: false }),
    price: MoneySchema,
    category: Type.Optional(CategorySchema),
    product_type: Type.Optional(ProductTypeSchema),
    description: NonEmptyText(1000, 'Short description is required'),
    detailed_description: NonEmptyText(20_000, 'Detailed description is required'),
    images: Type.Array(ImageUrlSchema, { maxItems: 12, default: [] }),
    // An empty feature is ignored (spec section 5): the API drops blank entries rather than refusing them.
    features: Type.Array(PlainLine({ maxLength: 200 }), { maxItems: 30, default: [] }),
    system_requirements: Type.Optional(SystemRequirementsSchema),
    stock_quantity: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
    download_limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: LIMITS.downloadLimitMax,
        errorMessage: `The download limit is a whole number from 1 to ${LIMITS.downloadLimitMax}`,
      }),
    ),
    /** Absent keeps the product's mode; `generated` needs `key_pattern` (or keeps the one stored). */
    key_mode: Type.Optional(KeyModeSchema),
    key_pattern: Type.Optional(Type.Union([KeyPatternSchema, Type.Null()])),
    /** Absent keeps the product's limit (LIMITS.maxActivationsDefault for a new product). */
    max_activations: Type.Optional(MaxActivationsSchema),
    /** Required for a subscription product (absent keeps the stored one); ignored, and stored null, for the other types. */
    billing_interval: Type.Optional(Type.Union([BillingIntervalSchema, Type.Null()])),
    /** A subscription's free days before its first payment (absent keeps the stored number; 0 for a new product). */
    trial_days: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: LIMITS.trialDaysMax,
        errorMessage: `The free trial is a whole number of days from 0 to ${LIMITS.trialDaysMax}`,
      }),
    ),
    /**
     * A package's members: 2–20 different products, none a package or a subscription. Absent keeps a
     * package's members (older clients); other types take none.
     */
    package_items: Type.Optional(Type.Array(PackageItemInputSchema, { maxItems: 100 })),
  },
  { additionalProperties: false },
);
export type ProductInput = Static<typeof ProductInputSchema>;

/**
 * A product as staff see it: every public field, and what only the shop's own software needs to know,
 * the licence check's activation limit (docs/decisions/025-licence-check-api.md).
 */
export const AdminProductSchema = Type.Object({ ...ProductSchema.properties, max_activations: MaxActivationsSchema });
export type AdminProduct = Static<typeof AdminProductSchema>;

/** A deliverable file of a product: private, served only through a buyer's signed download link. */
export const ProductFileSchema = Type.Object({
  id: IdSchema,
  name: Type.String({ description: 'The file name buyers save it under' }),
  size: Type.Integer({ minimum: 0, description: 'Bytes' }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the bytes, lower-case hex' }),
  content_type: Type.String(),
  created_at: TimestampSchema,
});
export type ProductFile = Static<typeof ProductFileSchema>;
export const ProductFileListSchema = Type.Object({ files: Type.Array(ProductFileSchema) });
export type ProductFileList = Static<typeof ProductFileListSchema>;
export const ProductFileParamsSchema = Type.Object({ id: IdSchema, fileId: IdSchema });

export const ProductListQuerySchema = Type.Object(
  {
    search: Type.Optional(SearchSchema),
    category: Type.Optional(CategorySchema),
    ids: Type.Optional(
      Type.String({
        pattern: `^${UUID_PATTERN}(,${UUID_PATTERN}){0,${LIMITS.orderMaxLines - 1}}$`,
        description: `Only these products: up to ${LIMITS.orderMaxLines} ids, comma-separated (a cart's lines)`,
        errorMessage: `ids must be up to ${LIMITS.orderMaxLines} product ids separated by commas`,
      }),
    ),
    sort: Type.Optional(ProductSortSchema),
    limit: Type.Optional(PageSizeSchema),
    offset: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: LIMITS.catalogMaxOffset,
        default: 0,
        errorMessage: `offset must be 0 to ${LIMITS.catalogMaxOffset.toLocaleString('en-US')}: page further with after=, the next_after of the page before`,
      }),
    ),
    after: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z0-9_-]{1,400}$',
        description: 'Where the page starts: the `next_after` of the page before, in the same order and filters (a keyset page)',
        errorMessage: 'after must be the next_after of a page of this list',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ProductListQuery = Static<typeof ProductListQuerySchema>;

/** How a page of the catalogue ends: the total (bounded for a search) and where the next page starts. */
const ListPagingSchema = {
  total: Type.Integer({ description: 'How many products match; for a search, counted up to a bound (see total_is_lower_bound)' }),
  total_is_lower_bound: Type.Boolean({
    description: `True when a search matches more than ${LIMITS.searchCountBound.toLocaleString('en-US')} products: total is that bound ("1,000+")`,
  }),
  next_after: Type.Union([Type.String(), Type.Null()], { description: 'The `after` of the next page in the same order, or null on the last page' }),
  corrected_search: Type.Union([Type.String(), Type.Null()], {
    description: 'When the words searched found nothing and were corrected to known ones ("lumra" to "lumora"): the search answered; else null',
  }),
};

/**
 * A product as the public catalogue lists it: every field but the long description, which only the
 * product page shows (`GET /api/products/{id}`); fifty of them would otherwise make most of a page's bytes.
 */
export const ProductSummarySchema = Type.Omit(ProductSchema, ['detailed_description']);
export type ProductSummary = Static<typeof ProductSummarySchema>;

/** The public catalogue's page: summaries, and how many products match in all. */
export const ProductListSchema = Type.Object({ products: Type.Array(ProductSummarySchema), ...ListPagingSchema });
export type ProductList = Static<typeof ProductListSchema>;

/** The staff catalogue's page: whole products, since the edit form opens from the list. */
export const AdminProductListSchema = Type.Object({ products: Type.Array(AdminProductSchema), ...ListPagingSchema });
export type AdminProductList = Static<typeof AdminProductListSchema>;

export const CategoryOptionSchema = Type.Object({ value: CategorySchema, label: Type.String() });
export type CategoryOption = Static<typeof CategoryOptionSchema>;

/** What a shopper has typed so far into the search box. */
export const SearchSuggestQuerySchema = Type.Object(
  { q: PlainLine({ maxLength: 100, description: 'The text typed so far; its last word may be unfinished' }) },
  { additionalProperties: false },
);
export type SearchSuggestQuery = Static<typeof SearchSuggestQuerySchema>;

/** A product a suggestion opens. */
export const ProductSuggestionSchema = Type.Object({
  id: IdSchema,
  title: Type.String(),
  image: Type.Union([Type.String(), Type.Null()]),
  price: MoneySchema,
});
export type ProductSuggestion = Static<typeof ProductSuggestionSchema>;

/** Suggestions for the search box: the best-matching titles, and the categories whose name starts so. */
export const SearchSuggestionsSchema = Type.Object({
  products: Type.Array(ProductSuggestionSchema, { maxItems: LIMITS.suggestMaxProducts }),
  categories: Type.Array(CategoryOptionSchema),
});
export type SearchSuggestions = Static<typeof SearchSuggestionsSchema>;

/* Reviews (docs/decisions/027-reviews.md) -------------------------------------------------------- */

/**
 * A review's stars: the numbers 1 to 5. An enum rather than an integer, so text ("5") is refused instead
 * of being read as a number, as every other number of a request is.
 */
export const ReviewStarsSchema = Type.Enum([1, 2, 3, 4, 5], {
  description: 'Whole stars, the number 1 to 5',
  ...asking('Choose a rating of 1 to 5 stars'),
});
const StarsSchema = Type.Integer({ minimum: 1, maximum: 5 });

/** What a buyer writes: stars, and a plain text that may be empty (line breaks kept, no other control character). */
export const ReviewInputSchema = Type.Object(
  {
    rating: ReviewStarsSchema,
    body: Type.Optional(
      PlainText({
        maxLength: LIMITS.reviewMaxLength,
        default: '',
        errorMessage: `A review is at most ${LIMITS.reviewMaxLength.toLocaleString('en-US')} characters`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type ReviewInput = Static<typeof ReviewInputSchema>;

/** A review as the product page lists it: the author's username (never the email), plain text. */
export const ReviewSchema = Type.Object({
  id: IdSchema,
  rating: StarsSchema,
  body: Type.String({ description: 'Plain text with line breaks; never HTML' }),
  author: Type.String({ description: "The buyer's username" }),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type Review = Static<typeof ReviewSchema>;

export const ReviewListQuerySchema = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.reviewsMaxPageSize, default: LIMITS.reviewsPageSize })),
    offset: Type.Optional(OffsetSchema),
  },
  { additionalProperties: false },
);
export type ReviewListQuery = Static<typeof ReviewListQuerySchema>;

/** A product's reviews that count (not hidden, by buyers whose purchase stands), newest first, and how many there are. */
export const ReviewListSchema = Type.Object({ reviews: Type.Array(ReviewSchema), total: Type.Integer() });
export type ReviewList = Static<typeof ReviewListSchema>;

/** The signed-in buyer's own review of a product. */
export const OwnReviewSchema = Type.Object({
  id: IdSchema,
  rating: StarsSchema,
  body: Type.String(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  /** Staff hid it: it is left out of the product's list and figures. */
  hidden: Type.Boolean(),
});
export type OwnReview = Static<typeof OwnReviewSchema>;

/** Whether the signed-in account may review a product (it has a completed, unrefunded order of it), and its review. */
export const MyReviewSchema = Type.Object({
  can_review: Type.Boolean({ description: 'The account has a completed order of the product that is not refunded' }),
  review: Type.Union([OwnReviewSchema, Type.Null()]),
});
export type MyReview = Static<typeof MyReviewSchema>;

/** A review as staff see it. */
export const AdminReviewSchema = Type.Object({
  id: IdSchema,
  product_id: IdSchema,
  product_title: Type.String(),
  user_id: IdSchema,
  username: Type.String(),
  rating: StarsSchema,
  body: Type.String(),
  hidden: Type.Boolean(),
  /** The author still has a completed, unrefunded order of the product; without one the review leaves the figures and the list. */
  counted: Type.Boolean(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type AdminReview = Static<typeof AdminReviewSchema>;

export const AdminReviewListQuerySchema = Type.Object(
  {
    hidden: Type.Optional(Type.Boolean({ description: 'Only hidden reviews (true) or only shown ones (false)' })),
    limit: Type.Optional(PageSizeSchema),
    offset: Type.Optional(OffsetSchema),
  },
  { additionalProperties: false },
);
export type AdminReviewListQuery = Static<typeof AdminReviewListQuerySchema>;
export const AdminReviewListSchema = Type.Object({ reviews: Type.Array(AdminReviewSchema), total: Type.Integer() });
export type AdminReviewList = Static<typeof AdminReviewListSchema>;

/** Staff hide a review (it leaves the product's list and figures) or show it again. */
export const ReviewHiddenBodySchema = Type.Object({ hidden: Type.Boolean() }, { additionalProperties: false });
export type ReviewHiddenBody = Static<typeof ReviewHiddenBodySchema>;

/* Cart (client side) ----------------------------------------------------------------------------- */

/** A cart line: the product fields copied in when added, plus the quantity. Keyed by product id. */
export const CartItemSchema = Type.Object({
  id: IdSchema,
  title: Type.String(),
  price: MoneySchema,
  quantity: Type.Integer({ minimum: 1 }),
  image: Type.Union([Type.String(), Type.Null()]),
  category: CategorySchema,
  product_type: ProductTypeSchema,
});
export type CartItem = Static<typeof CartItemSchema>;

/* Orders and payments ---------------------------------------------------------------------------- */

/**
 * A discount code as typed: 3 to 32 letters, digits, dashes or underscores, in any case (codes are stored
 * upper-cased and compared without case). One code per order: the field takes one string, never a list.
 */
export const DiscountCodeTextSchema = Type.String({
  minLength: 3,
  maxLength: 32,
  pattern: '^[A-Za-z0-9_-]{3,32}$',
  description: 'A discount code (case does not matter)',
  errorMessage: 'A discount code is 3 to 32 letters, digits, dashes or underscores',
});

/** The discount an order got: the code as stored (upper case) and the dollars it took off. */
export const OrderDiscountSchema = Type.Object({
  code: Type.String(),
  amount: MoneySchema,
});
export type OrderDiscount = Static<typeof OrderDiscountSchema>;

export const GuestInvoiceSchema = Type.Object(
  {
    email: EmailSchema,
    name: NonEmpty(120, 'Full name is required'),
    address: NonEmpty(200, 'Address is required'),
    city: NonEmpty(100, 'City is required'),
    country: NonEmpty(100, 'Country is required'),
  },
  { additionalProperties: false },
);
export type GuestInvoice = Static<typeof GuestInvoiceSchema>;

/** What the order keeps of its buyer: the guest's invoice, or the account's name and email. */
export const InvoiceDataSchema = Type.Object({
  email: Type.String(),
  name: Type.String(),
  address: Type.Optional(Type.String()),
  city: Type.Optional(Type.String()),
  country: Type.Optional(Type.String()),
});
export type InvoiceData = Static<typeof InvoiceDataSchema>;

export const DeliveryKindSchema = Type.Enum(['license_key', 'download'], { description: 'How a line is delivered' });

/** One file of a delivered line: its signed link (a day by default, `DOWNLOAD_LINK_SECONDS`) and how much of its download limit is used. */
export const OrderDownloadSchema = Type.Object({
  file_id: IdSchema,
  name: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  /** A signed link on the API (a path under /api/downloads/); it expires like the order page's other links. */
  url: Type.String(),
  /**
   * Copies downloaded or on their way: resumes, parallel ranges and probes of one copy are one download or
   * none (docs/decisions/035-downloads-that-resume.md).
   */
  download_count: Type.Integer({ minimum: 0 }),
  download_limit: Type.Integer({ minimum: 1 }),
});
export type OrderDownload = Static<typeof OrderDownloadSchema>;

/** One member of a package line, as the order was placed with it: its keys and files once the line is delivered (empty before). */
export const OrderItemMemberSchema = Type.Object({
  product_id: IdSchema,
  title: Type.String(),
  /** Its units in one package: the line delivers quantity × this of it. */
  quantity: Type.Integer({ minimum: 1 }),
  keys: Type.Array(Type.String()),
  downloads: Type.Array(OrderDownloadSchema),
});
export type OrderItemMember = Static<typeof OrderItemMemberSchema>;

export const OrderItemSchema = Type.Object({
  id: IdSchema,
  product_id: IdSchema,
  title: Type.String(),
  quantity: Type.Integer({ minimum: 1 }),
  /** Unit price in dollars, fixed by the server when the order was created. */
  price: MoneySchema,
  delivery: DeliveryKindSchema,
  /** The licence keys of a delivered line: only for the buyer (or with the guest's access token) and admins. */
  keys: Type.Optional(Type.Array(Type.String())),
  /** The files of a delivered line, each with a short-lived signed link: under the same conditions as the keys. */
  downloads: Type.Optional(Type.Array(OrderDownloadSchema)),
  /**
   * A package line's members as the order was placed with them (docs/decisions/038-packages.md), on every
   * full order answer whatever its status; their keys and files under the same conditions as `keys`, and
   * `keys` and `downloads` above still list them all, for clients that know no packages.
   */
  members: Type.Optional(Type.Array(OrderItemMemberSchema)),
});
export type OrderItem = Static<typeof OrderItemSchema>;

/**
 * What became of a delivered order's receipt email: `sent` (the mail server took it), `queued` (it is
 * being sent, or retried after a failure), `not_sent` (no mail server is configured, or every attempt failed).
 */
export const ReceiptStateSchema = Type.Enum(['sent', 'queued', 'not_sent'], { description: "The receipt email's state" });
export type ReceiptState = Static<typeof ReceiptStateSchema>;

export const OrderSchema = Type.Object({
  id: IdSchema,
  user_id: Type.Union([IdSchema, Type.Null()]),
  status: OrderStatusSchema,
  /** What is paid: the lines' sum less the discount. */
  total_amount: MoneySchema,
  /** The lines' sum before the discount. */
  subtotal_amount: MoneySchema,
  /** The discount code applied when the order was created, and what it took off; null without one. */
  discount: Type.Union([OrderDiscountSchema, Type.Null()]),
  payment_method: PaymentMethodSchema,
  payment_id: Type.Union([Type.String(), Type.Null()]),
  created_at: TimestampSchema,
  invoice_data: InvoiceDataSchema,
  items: Type.Array(OrderItemSchema),
  /** When an unpaid order lapses if it is not paid by then (its units are held only while its payment is under way: docs/decisions/036). */
  expires_at: Type.Union([TimestampSchema, Type.Null()]),
  /** Whether this answer carries the delivered goods (keys and download links). */
  goods_included: Type.Boolean(),
  /** Paid through the local payment sandbox: no real money moved, so it is left out of revenue. */
  test: Type.Boolean(),
  /** A guest order's secret, answered once at creation: it unlocks the goods on the order page. */
  access_token: Type.Optional(Type.String()),
  /** The receipt email's state; absent while the order has no receipt (it is not delivered). */
  receipt: Type.Optional(ReceiptStateSchema),
});
export type Order = Static<typeof OrderSchema>;

/**
 * A guest order as anyone holding only its id sees it: status, date, total and lines. The buyer's name,
 * email and address and the goods need the order's access token.
 */
export const OrderSummarySchema = Type.Object({
  id: IdSchema,
  status: OrderStatusSchema,
  total_amount: MoneySchema,
  subtotal_amount: MoneySchema,
  discount: Type.Union([OrderDiscountSchema, Type.Null()]),
  created_at: TimestampSchema,
  expires_at: Type.Union([TimestampSchema, Type.Null()]),
  items: Type.Array(
    Type.Object({
      id: IdSchema,
      product_id: IdSchema,
      title: Type.String(),
      quantity: Type.Integer({ minimum: 1 }),
      price: MoneySchema,
      delivery: DeliveryKindSchema,
    }),
  ),
  goods_included: Type.Literal(false),
  test: Type.Boolean(),
  /** The receipt email's state; absent while the order has no receipt (it is not delivered). */
  receipt: Type.Optional(ReceiptStateSchema),
});
export type OrderSummary = Static<typeof OrderSummarySchema>;

/** The guest order route answers the whole order with the access token, the summary without it. */
export const GuestOrderViewSchema = Type.Union([OrderSchema, OrderSummarySchema]);
export type GuestOrderView = Static<typeof GuestOrderViewSchema>;

/** True when the answer is the whole order (the access token was right), with the buyer's details. */
export function isFullOrder(order: Order | OrderSummary): order is Order {
  return 'invoice_data' in order;
}

export const CreateOrderBodySchema = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          product_id: IdSchema,
          quantity: Type.Integer({ minimum: 1, maximum: LIMITS.orderMaxQuantity }),
        },
        { additionalProperties: false, description: 'A price sent by a client is ignored: the server prices every line' },
      ),
      { minItems: 1, maxItems: LIMITS.orderMaxLines },
    ),
    invoice_data: Type.Optional(GuestInvoiceSchema),
    payment_method: Type.Optional(PaymentMethodSchema),
    /** One discount code, applied by the server to the lines it covers (docs/decisions/028-discount-codes.md). */
    discount_code: Type.Optional(DiscountCodeTextSchema),
  },
  { additionalProperties: false },
);
export type CreateOrderBody = Static<typeof CreateOrderBodySchema>;

export const OrderListQuerySchema = Type.Object(
  {
    search: Type.Optional(SearchSchema),
    status: Type.Optional(OrderStatusSchema),
    limit: Type.Optional(PageSizeSchema),
    offset: Type.Optional(OffsetSchema),
  },
  { additionalProperties: false },
);
export type OrderListQuery = Static<typeof OrderListQuerySchema>;
export const OrderListSchema = Type.Object({ orders: Type.Array(OrderSchema), total: Type.Integer() });
export type OrderList = Static<typeof OrderListSchema>;

/** Who gave the money back: staff from the admin, PayPal directly (its webhook), or the store itself for an order it could not serve. */
export const RefundOriginSchema = Type.Enum(['staff', 'paypal', 'store'], { description: 'Who gave the money back' });
export type RefundOrigin = Static<typeof RefundOriginSchema>;

/** A refunded order's refund, for staff; the buyer sees only the status and is mailed. */
export const OrderRefundSchema = Type.Object({
  at: TimestampSchema,
  origin: RefundOriginSchema,
  /** Staff's reason; null for a refund made at PayPal or by the store. Never shown to the buyer. */
  reason: Type.Union([Type.String(), Type.Null()]),
  /** PayPal's refund id, when PayPal answered one. */
  refund_id: Type.Union([Type.String(), Type.Null()]),
});
export type OrderRefund = Static<typeof OrderRefundSchema>;

/** A PayPal dispute (or chargeback claim) over the order's payment, as PayPal's dispute webhooks last told it. */
export const OrderDisputeSchema = Type.Object({
  id: Type.String(),
  /** PayPal's status: OPEN, WAITING_FOR_BUYER_RESPONSE, WAITING_FOR_SELLER_RESPONSE, UNDER_REVIEW, RESOLVED, OTHER. */
  status: Type.String(),
  /** PayPal's reason, e.g. MERCHANDISE_OR_SERVICE_NOT_RECEIVED, UNAUTHORISED. */
  reason: Type.Union([Type.String(), Type.Null()]),
  /** PayPal's outcome once resolved, e.g. RESOLVED_BUYER_FAVOUR, RESOLVED_SELLER_FAVOUR. */
  outcome: Type.Union([Type.String(), Type.Null()]),
  opened_at: TimestampSchema,
  resolved_at: Type.Union([TimestampSchema, Type.Null()]),
  /** Not resolved yet: it counts on the dashboard. */
  open: Type.Boolean(),
});
export type OrderDispute = Static<typeof OrderDisputeSchema>;

/** An order as staff see it: the buyer's order, with its refund, a refund under way, and its dispute. */
export const AdminOrderSchema = Type.Object({
  ...OrderSchema.properties,
  refund: Type.Union([OrderRefundSchema, Type.Null()]),
  /** Staff asked PayPal for the refund and it has not been recorded yet (PayPal did not answer; it is retried). */
  refund_in_progress: Type.Boolean(),
  dispute: Type.Union([OrderDisputeSchema, Type.Null()]),
});
export type AdminOrder = Static<typeof AdminOrderSchema>;

export const AdminOrderListQuerySchema = Type.Object(
  {
    ...OrderListQuerySchema.properties,
    /** `open`: orders with a dispute not resolved yet; `any`: orders that ever had one. */
    dispute: Type.Optional(Type.Enum(['open', 'any'], { description: 'Only orders with an open dispute, or with any dispute' })),
  },
  { additionalProperties: false },
);
export type AdminOrderListQuery = Static<typeof AdminOrderListQuerySchema>;
export const AdminOrderListSchema = Type.Object({ orders: Type.Array(AdminOrderSchema), total: Type.Integer() });
export type AdminOrderList = Static<typeof AdminOrderListSchema>;

/* Discount codes (docs/decisions/028-discount-codes.md) ------------------------------------------- */

/** The cart asks what a code would take off its lines before the order is placed; the order applies it again. */
export const DiscountPreviewBodySchema = Type.Object(
  {
    code: DiscountCodeTextSchema,
    items: CreateOrderBodySchema.properties.items,
    /** A guest's email, for the code's limit per buyer; a signed-in buyer is known by the account. */
    email: Type.Optional(EmailSchema),
  },
  { additionalProperties: false },
);
export type DiscountPreviewBody = Static<typeof DiscountPreviewBodySchema>;

export const DiscountPreviewSchema = Type.Object({
  /** The code as stored (upper case). */
  code: Type.String(),
  /** Dollars the code takes off. */
  amount: MoneySchema,
  /** The lines' sum before the discount, priced by the server. */
  subtotal: MoneySchema,
  /** What the order would cost. */
  total: MoneySchema,
});
export type DiscountPreview = Static<typeof DiscountPreviewSchema>;

const NullableTimestamp = Type.Union([TimestampSchema, Type.Null()]);
const UseLimitSchema = (what: string) =>
  Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000_000, errorMessage: `${what} is a whole number of at least 1` }), Type.Null()], {
    description: `${what}; null sets no limit`,
  });

/**
 * What staff set on a code. `value` is a whole percentage (1 to 100) for `percent`, dollars for `fixed`
 * (more than 0, at most LIMITS.discountMaxFixedDollars): `discountInputProblem` checks what one field cannot.
 * Empty `product_ids` and `categories` apply the code to every line; otherwise to lines of those products or categories.
 */
export const DiscountCodeInputSchema = Type.Object(
  {
    code: DiscountCodeTextSchema,
    kind: DiscountKindSchema,
    value: Type.Number({
      exclusiveMinimum: 0,
      maximum: LIMITS.discountMaxFixedDollars,
      errorMessage: 'The value is a percentage from 1 to 100, or an amount in dollars greater than 0',
    }),
    min_order: Type.Optional(Type.Union([MoneySchema, Type.Null()], { description: 'The least the lines it covers must add up to; null sets none' })),
    starts_at: Type.Optional(NullableTimestamp),
    ends_at: Type.Optional(NullableTimestamp),
    max_uses: Type.Optional(UseLimitSchema('The total number of uses')),
    max_uses_per_buyer: Type.Optional(UseLimitSchema('The number of uses per buyer')),
    product_ids: Type.Optional(Type.Array(IdSchema, { maxItems: LIMITS.discountMaxProducts, uniqueItems: true })),
    categories: Type.Optional(Type.Array(CategorySchema, { maxItems: 20, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type DiscountCodeInput = Static<typeof DiscountCodeInputSchema>;

/**
 * What the schema cannot say of a code's settings, as the sentence a person reads (the form shows it, the API
 * answers it as a 400): null when they hold together.
 */
export function discountInputProblem(input: Pick<DiscountCodeInput, 'kind' | 'value' | 'starts_at' | 'ends_at'>): { field: string; message: string } | null {
  if (input.kind === 'percent' && (!Number.isInteger(input.value) || input.value < 1 || input.value > 100)) {
    return { field: 'value', message: 'A percentage is a whole number from 1 to 100' };
  }
  // In cents: a positive amount below half a cent (e.g. 8e-323) rounds to nothing and is refused here, not by the database.
  if (input.kind === 'fixed' && (Math.round(input.value * 100) < 1 || input.value > LIMITS.discountMaxFixedDollars || !hasWholeCents(input.value))) {
    return { field: 'value', message: `A fixed amount is more than $0 and at most $${LIMITS.discountMaxFixedDollars.toLocaleString('en-US')}, in whole cents` };
  }
  if (input.starts_at && input.ends_at && Date.parse(input.ends_at) <= Date.parse(input.starts_at)) {
    return { field: 'ends_at', message: 'The end must come after the start' };
  }
  return null;
}

/** A discount code as staff see it, with how often it was used. */
export const DiscountCodeSchema = Type.Object({
  id: IdSchema,
  code: Type.String(),
  kind: DiscountKindSchema,
  /** A whole percentage for `percent`, dollars for `fixed`. */
  value: Type.Number({ minimum: 0 }),
  min_order: Type.Union([MoneySchema, Type.Null()]),
  starts_at: NullableTimestamp,
  ends_at: NullableTimestamp,
  max_uses: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  max_uses_per_buyer: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  product_ids: Type.Array(IdSchema),
  categories: Type.Array(CategorySchema),
  disabled: Type.Boolean(),
  status: DiscountStatusSchema,
  /** Orders that hold a use: delivered ones and unpaid ones that may still be paid (docs/decisions/028-discount-codes.md). */
  uses: Type.Integer({ minimum: 0 }),
  /** Dollars those orders were given off. */
  discount_total: AmountSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type DiscountCode = Static<typeof DiscountCodeSchema>;

export const DiscountCodeListQuerySchema = Type.Object(
  {
    search: Type.Optional(SearchSchema),
    limit: Type.Optional(PageSizeSchema),
    offset: Type.Optional(OffsetSchema),
  },
  { additionalProperties: false },
);
export type DiscountCodeListQuery = Static<typeof DiscountCodeListQuerySchema>;
export const DiscountCodeListSchema = Type.Object({ codes: Type.Array(DiscountCodeSchema), total: Type.Integer() });
export type DiscountCodeList = Static<typeof DiscountCodeListSchema>;

/** Staff disable a code (it stops applying at once; orders that have it keep it) or enable it again. */
export const DiscountDisabledBodySchema = Type.Object({ disabled: Type.Boolean() }, { additionalProperties: false });
export type DiscountDisabledBody = Static<typeof DiscountDisabledBodySchema>;

/** One order placed with the code. */
export const DiscountUseSchema = Type.Object({
  order_id: IdSchema,
  created_at: TimestampSchema,
  status: OrderStatusSchema,
  buyer_email: Type.String(),
  /** Dollars the code took off this order. */
  amount: MoneySchema,
  total_amount: MoneySchema,
  /** The order was paid and delivered with the code: one of its uses for good (an unpaid order's use is only held, decision 036). */
  counted: Type.Boolean(),
});
export type DiscountUse = Static<typeof DiscountUseSchema>;
export const DiscountUseListQuerySchema = Type.Object(
  { limit: Type.Optional(PageSizeSchema), offset: Type.Optional(OffsetSchema) },
  { additionalProperties: false },
);
export const DiscountUseListSchema = Type.Object({ uses: Type.Array(DiscountUseSchema), total: Type.Integer() });
export type DiscountUseList = Static<typeof DiscountUseListSchema>;

/** A full refund by staff: the reason is kept for staff and the records, never shown to the buyer. */
export const RefundOrderBodySchema = Type.Object(
  {
    reason: PlainLine({
      minLength: LIMITS.refundReasonMinLength,
      maxLength: LIMITS.refundReasonMaxLength,
      pattern: '\\S',
      errorMessage: `Give a reason of ${LIMITS.refundReasonMinLength} to ${LIMITS.refundReasonMaxLength} characters`,
    }),
  },
  { additionalProperties: false },
);
export type RefundOrderBody = Static<typeof RefundOrderBodySchema>;

export const PaymentOrderRequestSchema = Type.Object(
  {
    order_id: IdSchema,
    amount: Type.Optional(MoneySchema),
    description: Type.Optional(PlainLine({ maxLength: 127 })),
    customer_email: Type.Optional(PlainLine({ maxLength: 254 })),
    items: Type.Optional(
      Type.Array(
        Type.Object({
          id: PlainLine({ maxLength: 100 }),
          title: PlainLine({ maxLength: 200 }),
          price: MoneySchema,
          quantity: Type.Integer({ minimum: 1, maximum: LIMITS.orderMaxQuantity }),
        }),
        { maxItems: LIMITS.orderMaxLines },
      ),
    ),
  },
  { description: 'Only order_id is used: amounts and items always come from the stored order' },
);
export type PaymentOrderRequest = Static<typeof PaymentOrderRequestSchema>;

export const PaymentLinkSchema = Type.Object({ payment_url: Type.String() });
export const PayPalCreateResultSchema = Type.Object({
  success: Type.Boolean(),
  paypal_order_id: Type.Optional(Type.String()),
  approval_url: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
});
export const PayPalCaptureResultSchema = Type.Object({
  success: Type.Boolean(),
  capture_id: Type.Optional(Type.String()),
  order_id: Type.Optional(IdSchema),
  error: Type.Optional(Type.String()),
});

/* Site ------------------------------------------------------------------------------------------- */

const HexColorSchema = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', errorMessage: 'Colours are #rrggbb hex values' });

/** Public site information: name, logo and the appearance the apps apply at run time. */
export const SiteInfoSchema = Type.Object({
  site_name: Type.String(),
  logo_url: Type.Union([Type.String(), Type.Null()]),
  primary_color: Type.String(),
  secondary_color: Type.String(),
  font_family: Type.String(),
  theme: ThemeSchema,
  /** True while payments go to the local sandbox: the storefront shows a visible notice. */
  payments_sandbox: Type.Boolean(),
  /**
   * True when the shop can send email (SMTP host and sender set): pages say "we mailed" only then
   * (docs/decisions/048-unpaid-orders-and-mail-notices.md). Nothing else of the mail settings is shown.
   */
  mail_available: Type.Boolean(),
});
export type SiteInfo = Static<typeof SiteInfoSchema>;

export const SiteSettingsSchema = Type.Object({
  site_name: NonEmpty(80, 'Site name is required'),
  primary_color: HexColorSchema,
  secondary_color: HexColorSchema,
  font_family: FontFamilySchema,
  theme: ThemeSchema,
  logo_url: Type.Union([Type.Null(), ImageUrlSchema]),
  coingate_api_key: PlainLine({ maxLength: 200 }),
  coingate_environment: ProviderEnvironmentSchema,
  paypal_client_id: PlainLine({ maxLength: 200 }),
  paypal_client_secret: PlainLine({ maxLength: 200 }),
  paypal_environment: ProviderEnvironmentSchema,
  paypal_webhook_id: Type.String({
    maxLength: 100,
    pattern: '^[A-Za-z0-9-]*$',
    errorMessage: 'The webhook id is letters, digits and dashes',
  }),
  smtp_host: Type.String({ maxLength: 253, pattern: '^[A-Za-z0-9.-]*$', errorMessage: 'SMTP host must be a host name' }),
  smtp_port: Type.Integer({ minimum: 1, maximum: 65535 }),
  smtp_username: PlainLine({ maxLength: 200 }),
  smtp_password: PlainLine({ maxLength: 200 }),
  smtp_use_tls: Type.Boolean(),
  smtp_from_email: Type.Union([Type.Literal(''), EmailSchema]),
  // One line: a line break in a mail header would let a value add headers of its own.
  smtp_from_name: PlainLine({ maxLength: 80 }),
  /** Every staff account signs in with a second factor; one without it may only set it up (docs/decisions/030). */
  require_staff_two_factor: Type.Boolean(),
  /** Days a subscription's key keeps working past its paid period while PayPal retries a payment (docs/decisions/037). */
  subscription_grace_days: Type.Integer({
    minimum: 0,
    maximum: LIMITS.subscriptionGraceDaysMax,
    errorMessage: `The grace period is a whole number of days from 0 to ${LIMITS.subscriptionGraceDaysMax}`,
  }),
});
export type SiteSettings = Static<typeof SiteSettingsSchema>;

/** The fields of the settings that are secrets: answered masked, kept when the mask is sent back. */
export const SECRET_SETTINGS = [
  'coingate_api_key',
  'paypal_client_secret',
  'smtp_password',
] as const satisfies readonly (keyof SiteSettings)[];

export const SiteSettingsUpdateSchema = Type.Partial(SiteSettingsSchema, { additionalProperties: false });
export type SiteSettingsUpdate = Static<typeof SiteSettingsUpdateSchema>;

export const UploadResultSchema = Type.Object({ url: Type.String() });

export const ProviderTestResultSchema = Type.Object({ status: Type.String(), message: Type.String() });
export const TestEmailBodySchema = Type.Object({ test_email: EmailSchema }, { additionalProperties: false });
export const MessageSchema = Type.Object({ message: Type.String() });

/**
 * The answer to a request for a mailed link: `mailed` is false when the shop cannot send email now, so no
 * link went out (docs/decisions/048). Requests that answer the same for every email say false only for that.
 */
export const LinkRequestAnswerSchema = Type.Object({ message: Type.String(), mailed: Type.Boolean() });
export type LinkRequestAnswer = Static<typeof LinkRequestAnswerSchema>;

/* Admin lists ------------------------------------------------------------------------------------ */

export const UserListQuerySchema = Type.Object(
  {
    search: Type.Optional(SearchSchema),
    role: Type.Optional(RoleSchema),
    limit: Type.Optional(PageSizeSchema),
    offset: Type.Optional(OffsetSchema),
  },
  { additionalProperties: false },
);
export type UserListQuery = Static<typeof UserListQuerySchema>;
export const UserListSchema = Type.Object({ users: Type.Array(UserSchema), total: Type.Integer() });

/** Staff activate or deactivate an account; a deactivated account's sessions end at once. */
export const UserActiveBodySchema = Type.Object({ is_active: Type.Boolean() }, { additionalProperties: false });
export type UserActiveBody = Static<typeof UserActiveBodySchema>;
export type UserList = Static<typeof UserListSchema>;

/** The users screen's counters, over every account. */
export const UserCountsSchema = Type.Object({
  total: Type.Integer(),
  admins: Type.Integer(),
  active: Type.Integer(),
});
export type UserCounts = Static<typeof UserCountsSchema>;

/** One account's purchases, for the user details on the admin users screen. */
export const UserStatsSchema = Type.Object({
  orders: Type.Integer({ description: 'Orders placed by the account, in any status' }),
  spent: AmountSchema,
  products: Type.Integer({ description: 'Units bought in its paid and completed orders' }),
});
export type UserStats = Static<typeof UserStatsSchema>;

export const IdParamsSchema = Type.Object({ id: IdSchema });

/** One licence key: a line of printable text, short enough for the pool's unique index. */
const KEY_LINE = `[^\\u0000-\\u001F\\u007F-\\u009F]{0,${LIMITS.licenseKeyMaxLength}}`;
export const LicenseKeysInputSchema = Type.Object(
  {
    keys: Type.String({
      minLength: 1,
      maxLength: 1_000_000,
      // At least one non-blank line; every line (trimmed of a CR) at most the key length, without control characters.
      pattern: `^(?=[\\s\\S]*\\S)(?:${KEY_LINE}\\r?\\n)*${KEY_LINE}$`,
      examples: ['AAAA-BBBB-CCCC-DDDD\nEEEE-FFFF-GGGG-HHHH'],
      errorMessage: `Paste at least one key, one per line, each at most ${LIMITS.licenseKeyMaxLength} characters`,
    }),
  },
  { additionalProperties: false },
);
export const LicenseKeyStockSchema = Type.Object({
  available: Type.Integer({ description: 'Keys not yet sold: the stock the shop shows (some may be held by checkouts at PayPal)' }),
  sold: Type.Integer(),
  reserved: Type.Integer({ description: 'Units held by buyers paying at PayPal right now, for a few minutes each' }),
});
export const LicenseKeysAddedSchema = Type.Object({
  added: Type.Integer(),
  /** Keys refused because they were already in the pool or repeated in the paste. */
  duplicates: Type.Array(Type.String()),
  stock: LicenseKeyStockSchema,
});

export const DashboardStatsSchema = Type.Object({
  total_products: Type.Integer(),
  /** Orders placed, test orders (paid through the sandbox) left out. */
  total_orders: Type.Integer(),
  total_users: Type.Integer(),
  /** Dollars from paid and completed orders and kept subscription payments, test ones left out. */
  total_revenue: AmountSchema,
  /** Orders with a PayPal dispute not resolved yet. */
  open_disputes: Type.Integer({ minimum: 0 }),
  /** Subscriptions active now, test subscriptions left out (docs/decisions/040-subscription-admin.md). */
  active_subscriptions: Type.Integer({ minimum: 0 }),
  /** Monthly recurring revenue in dollars: active and past-due subscriptions' price per month (a yearly price / 12, to the cent). */
  mrr: AmountSchema,
});
export type DashboardStats = Static<typeof DashboardStatsSchema>;

/* Revenue over time (docs/decisions/031-revenue-chart.md) ----------------------------------------- */

/** The periods the dashboard's revenue chart offers, in days ending today (UTC). */
export const REVENUE_PERIODS = [7, 30, 90] as const;
export type RevenuePeriod = (typeof REVENUE_PERIODS)[number];
export const RevenueQuerySchema = Type.Object(
  {
    days: Type.Optional(
      Type.Union([Type.Literal(REVENUE_PERIODS[0]), Type.Literal(REVENUE_PERIODS[1]), Type.Literal(REVENUE_PERIODS[2])], {
        // `type` lets a query's text ("7") be read as the number, as for any integer parameter.
        type: 'integer',
        default: 30,
        description: 'The last 7, 30 or 90 days, today (UTC) included',
        errorMessage: 'days must be 7, 30 or 90',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RevenueQuery = Static<typeof RevenueQuerySchema>;
/** One UTC day: the money taken by the orders paid that day and how many they were. */
export const RevenuePointSchema = Type.Object({
  date: Type.String({ format: 'date', description: 'The UTC day, YYYY-MM-DD' }),
  revenue: AmountSchema,
  orders: Type.Integer({ minimum: 0 }),
});
export type RevenuePoint = Static<typeof RevenuePointSchema>;
/** Every day of the period, oldest first, days without sales at zero; test orders and refunded orders left out. */
export const RevenueSeriesSchema = Type.Object({
  days: Type.Integer({ minimum: 1 }),
  from: Type.String({ format: 'date', description: 'The first day, YYYY-MM-DD (UTC)' }),
  to: Type.String({ format: 'date', description: 'The last day (today), YYYY-MM-DD (UTC)' }),
  time_zone: Type.Literal('UTC'),
  points: Type.Array(RevenuePointSchema),
  total_revenue: AmountSchema,
  total_orders: Type.Integer({ minimum: 0 }),
});
export type RevenueSeries = Static<typeof RevenueSeriesSchema>;

/** The orders export takes the list's filter without its paging: every matching order (docs/decisions/032-orders-csv-export.md). */
export const OrderExportQuerySchema = Type.Object(
  {
    search: AdminOrderListQuerySchema.properties.search,
    status: AdminOrderListQuerySchema.properties.status,
    dispute: AdminOrderListQuerySchema.properties.dispute,
  },
  { additionalProperties: false },
);
export type OrderExportQuery = Static<typeof OrderExportQuerySchema>;

export const DownloadParamsSchema = Type.Object({ id: IdSchema, fileId: IdSchema });
export const DownloadQuerySchema = Type.Object(
  { expires: Type.Integer({ minimum: 0, maximum: 4_294_967_295 }), signature: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }) },
  { additionalProperties: false },
);

/** One entry of an order's delivery log: evidence of what the buyer received, for a payment dispute. */
export const DeliveryEventSchema = Type.Object({
  id: IdSchema,
  at: TimestampSchema,
  kind: DeliveryEventKindSchema,
  order_item_id: IdSchema,
  /** The line's product title as sold. */
  title: Type.String(),
  file_id: Type.Union([IdSchema, Type.Null()]),
  file_name: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  user_agent: Type.Union([Type.String(), Type.Null()]),
  /**
   * Bytes of the file sent (null while a download is under way, or when its instance stopped before it
   * ended); for a key reveal, null. On S3 the bytes the presigned link was issued for.
   */
  bytes_sent: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** The `Range` asked for (a resumed download), else null. */
  range: Type.Union([Type.String(), Type.Null()]),
  /** How many keys the answer showed, for a key reveal; else null. */
  keys_shown: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});
export type DeliveryEvent = Static<typeof DeliveryEventSchema>;
export const DeliveryLogSchema = Type.Object({
  order_id: IdSchema,
  delivered_at: Type.Union([TimestampSchema, Type.Null()]),
  buyer_email: Type.String(),
  events: Type.Array(DeliveryEventSchema),
});
export type DeliveryLog = Static<typeof DeliveryLogSchema>;
export const DeliveryLogQuerySchema = Type.Object(
  { format: Type.Optional(Type.Enum(['json', 'csv'], { description: 'csv answers text/csv (UTF-8 with BOM) for a spreadsheet' })) },
  { additionalProperties: false },
);

/* Audit trail: every staff change, who made it, from where, and what it changed (docs/decisions/029-audit-trail.md) */

/**
 * One field a staff change touched: its value before and after (absent on a creation or a removal). Long texts
 * and lists are shortened with a marker; a secret (`masked`) is recorded only as set (the mask) or not ('').
 */
export const AuditFieldChangeSchema = Type.Object({
  before: Type.Optional(Type.Unknown()),
  after: Type.Optional(Type.Unknown()),
  masked: Type.Optional(Type.Boolean({ description: 'A secret: only whether it was set is recorded, never its value' })),
});
export type AuditFieldChange = Static<typeof AuditFieldChangeSchema>;
/** The fields a change touched, by name (only those that changed). */
export const AuditChangesSchema = Type.Record(Type.String(), AuditFieldChangeSchema);
export type AuditChanges = Static<typeof AuditChangesSchema>;

export const AuditEntrySchema = Type.Object({
  id: IdSchema,
  at: TimestampSchema,
  /** The staff account; null once that account is deleted (its username stays). */
  actor_id: Type.Union([IdSchema, Type.Null()]),
  actor_username: Type.Union([Type.String(), Type.Null()]),
  /** The API key that made the change (then `actor_id` is null and `actor_username` names the key); null for a staff session. */
  api_key_id: Type.Union([IdSchema, Type.Null()]),
  /** The route's name in the route table (`adminUpdateProduct`), and the same in words and its group, from the table (docs/decisions/049-audit-labels.md). */
  action: Type.String(),
  action_label: Type.String(),
  action_area: Type.String(),
  method: Type.String(),
  path: Type.String(),
  /** What was changed: a kind (`products`, `orders`, `users`, `settings` ...), its id and a name a person knows it by. */
  target_type: Type.Union([Type.String(), Type.Null()]),
  /** The kind in words ('Discount code', 'Site settings'). */
  target_type_label: Type.Union([Type.String(), Type.Null()]),
  target_id: Type.Union([Type.String(), Type.Null()]),
  target_label: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  user_agent: Type.Union([Type.String(), Type.Null()]),
  /** The answer's status: 2xx done, 4xx refused (with its error code), 5xx failed. */
  status_code: Type.Integer(),
  error_code: Type.Union([Type.String(), Type.Null()]),
  changes: Type.Union([AuditChangesSchema, Type.Null()]),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

/** The groups of the Audit screen's action filter, in the order it lists them; each audited route names one (`auditArea`). */
export const AUDIT_AREAS = ['Orders', 'Products', 'Discounts', 'Subscriptions', 'Reviews', 'Users', 'Settings', 'Security', 'Images'] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

/** An action the audit trail records (a staff route that changes something), in words: the Audit screen's filter. */
export const AuditActionSchema = Type.Object({
  /** The route's name, as the list's `action` filter takes it. */
  value: Type.String(),
  /** In words: 'Refunded order'. */
  label: Type.String(),
  /** The group it is listed under: 'Orders'. */
  area: Type.String(),
});
export type AuditAction = Static<typeof AuditActionSchema>;

export const AuditLogQuerySchema = Type.Object(
  {
    /** The staff member's username (any case). */
    actor: Type.Optional(PlainLine({ minLength: 1, maxLength: 32 })),
    action: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]{0,63}$', errorMessage: 'action must be a route name' })),
    /** Every action of one group of the filter (`Orders`), for the group's own option. */
    area: Type.Optional(Type.Enum([...AUDIT_AREAS], { description: 'A group of actions: ' + AUDIT_AREAS.join(', ') })),
    target_type: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9_-]{0,39}$', errorMessage: 'target_type must be a kind of target' })),
    target_id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9._-]{1,100}$', errorMessage: 'target_id must be an id' })),
    /** Entries at or after `from` and before `to` (ISO date-times). */
    from: Type.Optional(TimestampSchema),
    to: Type.Optional(TimestampSchema),
    /** Only changes done (2xx) or only those refused or failed (4xx, 5xx). */
    result: Type.Optional(Type.Enum(['done', 'refused'], { description: 'done: 2xx; refused: 4xx or 5xx' })),
    limit: Type.Optional(PageSizeSchema),
    offset: Type.Optional(OffsetSchema),
  },
  { additionalProperties: false },
);
export type AuditLogQuery = Static<typeof AuditLogQuerySchema>;
export const AuditLogSchema = Type.Object({
  entries: Type.Array(AuditEntrySchema),
  total: Type.Integer(),
  /** Every action the trail records, in words, for a filter. */
  actions: Type.Array(AuditActionSchema),
});
export type AuditLog = Static<typeof AuditLogSchema>;

/* Licence checks: the seller's own software asks about a key it was given --------------------------- */

const EXAMPLE_PRODUCT_ID = '6f1c2b9e-3d4a-4c8b-9e7f-2a1b3c4d5e6f';

/** A licence key as the buyer received it; spaces around it are ignored. */
const LicenseKeyTextSchema = PlainLine({
  minLength: 1,
  maxLength: LIMITS.licenseKeyMaxLength,
  pattern: '\\S',
  description: 'The licence key as the buyer received it (spaces around it are ignored)',
  errorMessage: `The licence key is 1 to ${LIMITS.licenseKeyMaxLength} characters of plain text`,
});

/** Which product the key must belong to: without it, any product that sold the key. */
const LicenseProductSchema = Type.Optional(
  Type.String({
    format: 'uuid',
    pattern: `^${UUID_PATTERN}$`,
    description: 'The product the key must belong to; recommended (a key of another product then answers unknown)',
  }),
);

/** A name for one installation, chosen by the seller's software: a machine name, an install id. */
export const LicenseInstanceSchema = PlainLine({
  minLength: 1,
  maxLength: LIMITS.licenseInstanceMaxLength,
  pattern: '\\S',
  description: 'A name for the installation (a machine name or an id the software keeps); spaces around it are ignored',
  errorMessage: `The instance is a name of 1 to ${LIMITS.licenseInstanceMaxLength} characters of plain text, on one line`,
});

export const LicenseCheckBodySchema = Type.Object(
  { key: LicenseKeyTextSchema, product_id: LicenseProductSchema },
  { additionalProperties: false, examples: [{ key: 'KV-7QF2-M9XD-K4TB-PW3H', product_id: EXAMPLE_PRODUCT_ID }] },
);
export type LicenseCheckBody = Static<typeof LicenseCheckBodySchema>;

export const LicenseActivationBodySchema = Type.Object(
  { key: LicenseKeyTextSchema, product_id: LicenseProductSchema, instance: LicenseInstanceSchema },
  {
    additionalProperties: false,
    examples: [{ key: 'KV-7QF2-M9XD-K4TB-PW3H', product_id: EXAMPLE_PRODUCT_ID, instance: 'design-studio-laptop' }],
  },
);
export type LicenseActivationBody = Static<typeof LicenseActivationBodySchema>;

/**
 * `active`: sold, not revoked, and (a subscription's key) its subscription gives access; `expired`: a subscription's key
 * past its end; `suspended`: its subscription's payment failed; `revoked`: its order was refunded; `unknown`: no sold
 * key of that product has this text (docs/decisions/037-subscriptions.md).
 */
export const LicenseStateSchema = LicenseStatusValueSchema;
export type LicenseState = Static<typeof LicenseStateSchema>;

/**
 * The licence check's one answer. An unknown key (never sold, another product's, or no key at all) says
 * nothing more: product_id null, activations 0, max_activations null.
 */
export const LicenseStatusSchema = Type.Object(
  {
    valid: Type.Boolean({ description: 'True only for an active key: the software may run' }),
    status: LicenseStateSchema,
    product_id: Type.Union([IdSchema, Type.Null()], { description: 'The product the key was sold for; null when unknown' }),
    activations: Type.Integer({ minimum: 0, description: 'Instances the key is activated on now' }),
    max_activations: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: "The product's limit of instances; null when it sets none, or when the key is unknown",
    }),
    expires_at: Type.Union([TimestampSchema, Type.Null()], {
      description: "When the key stops working: a subscription's paid period's end plus the grace days; null for a perpetual key, or when unknown",
    }),
  },
  {
    examples: [
      { valid: true, status: 'active', product_id: EXAMPLE_PRODUCT_ID, activations: 1, max_activations: 3, expires_at: null },
      { valid: false, status: 'unknown', product_id: null, activations: 0, max_activations: null, expires_at: null },
    ],
  },
);
export type LicenseStatus = Static<typeof LicenseStatusSchema>;

/** PayPal's webhook envelope; verified with PayPal before anything is done with it. */
export const PayPalWebhookEventSchema = Type.Object({
  id: PlainLine({ minLength: 1, maxLength: 100 }),
  event_type: PlainLine({ minLength: 1, maxLength: 100 }),
  resource_type: Type.Optional(PlainLine({ maxLength: 100 })),
  // Passed on to PayPal's verification as received; the handler reads only ids that match PayPal's own pattern.
  resource: Type.Record(Type.String(), Type.Unknown()),
  create_time: Type.Optional(PlainLine({ maxLength: 100 })),
  summary: Type.Optional(PlainLine({ maxLength: 1000 })),
  event_version: Type.Optional(PlainLine({ maxLength: 20 })),
});
export const StatusQuerySchema = Type.Object({ status: OrderStatusSchema }, { additionalProperties: false });

/** The settings of a new store (spec sections 3 and 9): blue preset, Inter, dark, sandbox, SMTP 587 with TLS. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  site_name: BRAND_NAME,
  primary_color: '#0ea5e9',
  secondary_color: '#22c55e',
  font_family: 'Inter',
  theme: 'dark',
  logo_url: null,
  coingate_api_key: '',
  coingate_environment: 'sandbox',
  paypal_client_id: '',
  paypal_client_secret: '',
  paypal_environment: 'sandbox',
  paypal_webhook_id: '',
  smtp_host: '',
  smtp_port: 587,
  smtp_username: '',
  smtp_password: '',
  smtp_use_tls: true,
  smtp_from_email: '',
  smtp_from_name: BRAND_NAME,
  require_staff_two_factor: false,
  subscription_grace_days: 3,
};
