import Type, { type TSchema } from 'typebox';
import { endpoints } from './endpoints.ts';
import {
  type AuditArea,
  AuthResponseSchema,
  OrderExportQuerySchema,
  RevenueQuerySchema,
  RevenueSeriesSchema,
  LoginResponseSchema,
  RecoveryCodesSchema,
  TwoFactorDisableBodySchema,
  TwoFactorEnableBodySchema,
  TwoFactorRecoveryCodesBodySchema,
  TwoFactorSetupBodySchema,
  TwoFactorLoginBodySchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  CategoryOptionSchema,
  SearchSuggestQuerySchema,
  SearchSuggestionsSchema,
  CreateOrderBodySchema,
  GuestOrderViewSchema,
  PasswordChangeBodySchema,
  MagicLinkBodySchema,
  MagicLinkRequestBodySchema,
  PasswordResetBodySchema,
  PasswordResetRequestBodySchema,
  UserActiveBodySchema,
  AdminProductSchema,
  AuditLogQuerySchema,
  AuditLogSchema,
  DashboardStatsSchema,
  DeliveryLogQuerySchema,
  DeliveryLogSchema,
  DiscountCodeInputSchema,
  DiscountCodeListQuerySchema,
  DiscountCodeListSchema,
  DiscountCodeSchema,
  DiscountDisabledBodySchema,
  DiscountPreviewBodySchema,
  DiscountPreviewSchema,
  DiscountUseListQuerySchema,
  DiscountUseListSchema,
  DownloadParamsSchema,
  DownloadQuerySchema,
  ProductFileListSchema,
  ProductFileParamsSchema,
  ProductFileSchema,
  LicenseKeysAddedSchema,
  LicenseKeysInputSchema,
  LicenseKeyStockSchema,
  LicenseActivationBodySchema,
  LicenseCheckBodySchema,
  LicenseStatusSchema,
  PayPalWebhookEventSchema,
  IdParamsSchema,
  IdSchema,
  LoginBodySchema,
  MessageSchema,
  LinkRequestAnswerSchema,
  OrderListQuerySchema,
  AdminOrderListQuerySchema,
  AdminOrderListSchema,
  AdminOrderSchema,
  RefundOrderBodySchema,
  OrderListSchema,
  OrderSchema,
  PaymentLinkSchema,
  PaymentOrderRequestSchema,
  PayPalCaptureResultSchema,
  PayPalCreateResultSchema,
  ProductInputSchema,
  ProductListQuerySchema,
  ProductListSchema,
  AdminProductListSchema,
  AdminReviewListQuerySchema,
  AdminReviewListSchema,
  AdminReviewSchema,
  MyReviewSchema,
  ReviewHiddenBodySchema,
  ReviewInputSchema,
  ReviewListQuerySchema,
  ReviewListSchema,
  ProductSchema,
  ProviderTestResultSchema,
  RegisterBodySchema,
  SiteInfoSchema,
  SiteSettingsSchema,
  SiteSettingsUpdateSchema,
  StatusQuerySchema,
  TestEmailBodySchema,
  UploadResultSchema,
  UserListQuerySchema,
  UserCountsSchema,
  UserListSchema,
  UserStatsSchema,
  UserSchema,
  VerifyEmailBodySchema,
  VerifyEmailResponseSchema,
} from './entities.ts';
import { ApiKeyListSchema, CreateApiKeyBodySchema, CreatedApiKeySchema } from './api-keys.ts';
import {
  CreatedWebhookEndpointSchema,
  WebhookDeliveryListSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliverySchema,
  WebhookEndpointBodySchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
} from './webhooks.ts';
import type { ApiKeyScope } from './enums.ts';
import {
  AdminCancelSubscriptionBodySchema,
  AdminSubscriptionListQuerySchema,
  AdminSubscriptionListSchema,
  AdminSubscriptionSchema,
  CreateSubscriptionBodySchema,
  CreateSubscriptionResponseSchema,
  SubscriptionListSchema,
  SubscriptionSchema,
} from './subscriptions.ts';
import { SystemStatusSchema } from './system.ts';

/**
 * Who may call a route. `public`: anyone; `optional`: anyone, and a valid token identifies the buyer;
 * `user`: any signed-in account; `admin`: accounts with the admin role. The API enforces this from the
 * table itself, so a route cannot be registered without its guard.
 */
export type Access = 'public' | 'optional' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** Fastify-style path with `:name` parameters, including the `/api` prefix. */
  readonly path: string;
  readonly access: Access;
  readonly summary: string;
  /** A longer explanation for the OpenAPI document (Markdown), for routes called by programs other than our apps. */
  readonly description?: string;
  readonly tag: string;
  readonly params?: TSchema;
  readonly querystring?: TSchema;
  readonly body?: TSchema;
  /** The request is multipart/form-data with a single field named `file`. */
  readonly multipart?: true;
  /** Per-IP and per-account rate limit, for routes that attackers would hammer. */
  readonly rateLimited?: true;
  /**
   * An admin route open to a staff account that must still set up two-factor sign-in (the store requires
   * it): the setup itself. Every other admin route refuses such an account (docs/decisions/030-two-factor-sign-in.md).
   */
  readonly twoFactorEnrolment?: true;
  /**
   * An admin read that takes buyers' personal data out of the store in bulk (an export): recorded in the audit
   * trail like a staff change, though its method is GET (docs/decisions/029-audit-trail.md).
   */
  readonly auditedRead?: true;
  /**
   * A staff route an API key with this scope may call (docs/decisions/056-api-keys.md). Without it the route
   * refuses every key: staff accounts, settings, the audit trail and the keys themselves take a staff session.
   */
  readonly apiKeyScope?: ApiKeyScope;
  /**
   * What the Audit screen calls an entry of this route: past tense, sentence case, a few words ("Refunded order").
   * Every audited route has one (`isAuditedRoute`; the contract's test walks the table), so staff never read a
   * summary or a route name (docs/decisions/049-audit-labels.md).
   */
  readonly auditLabel?: string;
  /** The group the Audit screen's filter lists the action under. */
  readonly auditArea?: AuditArea;
  readonly status: 200 | 201 | 204;
  readonly response: TSchema;
  /**
   * An answer that is not the JSON of `response`: a CSV export (`text/csv`, an attachment), the JSON of `response` or
   * its CSV (`?format=csv`), or a file's bytes in its own type (resumable with `Range`: 206, 304, 416, and 302 to
   * object storage). The OpenAPI document says so.
   */
  readonly answer?: 'csv' | 'file' | 'jsonOrCsv';
  /** A cached public read: its answers carry an `ETag`, and `If-None-Match` with a current one answers 304. */
  readonly conditional?: true;
}

const define = <const T extends Record<string, RouteDefinition>>(table: T): T => table;

const Empty = Type.Null({ description: 'No content' });

/** What every licence route's description ends with: no sign-in, and its two rate limits. */
const LICENSE_ROUTES_NOTE = (text: string) =>
  `${text}\n\nNo sign-in. Rate limited per address (by default 20 requests a minute on each route) and per key (by default ` +
  '60 requests a minute over the three licence routes, whatever the address): over either, 429 `too_many_requests` with `Retry-After`.';

/** What a payment start does besides asking PayPal (docs/decisions/036-holds-at-payment.md). */
const PAYMENT_START_NOTE =
  "Holds the order's units and its discount code's use for a few minutes while the buyer is at PayPal (creating an order holds " +
  'nothing). 409 `held_by_other_buyers` (with `Retry-After`) when other live checkouts hold them, `out_of_stock` or ' +
  '`discount_code_used_up` when they were sold or used meanwhile, `order_expired` when the order lapsed.';

export const routes = define({
  /* Auth */
  register: {
    ...endpoints.register,
    access: 'public',
    summary: 'Create an account and sign in',
    tag: 'auth',
    body: RegisterBodySchema,
    rateLimited: true,
    status: 201,
    response: AuthResponseSchema,
  },
  login: {
    ...endpoints.login,
    access: 'public',
    summary: 'Sign in with an email or a username',
    description:
      'Answers a session, or, for a staff account with two-factor sign-in, `{ two_factor_required: true, two_factor_token }`: ' +
      'the password alone opens no session, and the sign-in ends with `POST /api/auth/login/2fa`.',
    tag: 'auth',
    body: LoginBodySchema,
    rateLimited: true,
    status: 200,
    response: LoginResponseSchema,
  },
  me: { ...endpoints.me, access: 'user', summary: 'The signed-in account', tag: 'auth', status: 200, response: UserSchema },
  logout: {
    ...endpoints.logout,
    access: 'user',
    summary: 'End this session on the server: its token stops working',
    tag: 'auth',
    status: 204,
    response: Empty,
  },
  changePassword: {
    ...endpoints.changePassword,
    access: 'user',
    summary: 'Change the password (the current one is required); every other session ends',
    tag: 'auth',
    body: PasswordChangeBodySchema,
    rateLimited: true,
    status: 200,
    response: MessageSchema,
  },

  requestPasswordReset: {
    ...endpoints.requestPasswordReset,
    access: 'public',
    summary: 'Mail a single-use link to set a new password (the same answer whether the email has an account or not)',
    tag: 'auth',
    body: PasswordResetRequestBodySchema,
    rateLimited: true,
    status: 200,
    response: LinkRequestAnswerSchema,
  },
  resetPassword: {
    ...endpoints.resetPassword,
    access: 'public',
    summary: "Set a new password with a reset link's token; every session of the account ends",
    tag: 'auth',
    body: PasswordResetBodySchema,
    rateLimited: true,
    status: 200,
    response: MessageSchema,
  },
  requestEmailVerification: {
    ...endpoints.requestEmailVerification,
    access: 'user',
    summary: "Mail a new link that verifies the account's email",
    tag: 'auth',
    rateLimited: true,
    status: 200,
    response: LinkRequestAnswerSchema,
  },
  verifyEmail: {
    ...endpoints.verifyEmail,
    access: 'public',
    summary: "Verify an account's email with a mailed link's token; guest orders paid with the email join the account",
    tag: 'auth',
    body: VerifyEmailBodySchema,
    rateLimited: true,
    status: 200,
    response: VerifyEmailResponseSchema,
  },
  requestMagicLink: {
    ...endpoints.requestMagicLink,
    access: 'public',
    summary: 'Mail a single-use sign-in link (the same answer whether the email has an account or not)',
    tag: 'auth',
    body: MagicLinkRequestBodySchema,
    rateLimited: true,
    status: 200,
    response: LinkRequestAnswerSchema,
  },
  signInWithMagicLink: {
    ...endpoints.signInWithMagicLink,
    access: 'public',
    summary: "Sign in with a sign-in link's token; the email counts as verified",
    tag: 'auth',
    body: MagicLinkBodySchema,
    rateLimited: true,
    status: 200,
    response: AuthResponseSchema,
  },
  loginTwoFactor: {
    ...endpoints.loginTwoFactor,
    access: 'public',
    summary: "The sign-in's second step: the password step's token and a code from the authenticator app, or a recovery code",
    description:
      'Exactly one of `code` (6 digits, the current 30-second step or the one either side; each step is taken once) and ' +
      '`recovery_code` (single use). Wrong codes count against the same per-account sign-in limit as wrong passwords, and ' +
      'the token ends after 5 of them or 5 minutes: then 401 `two_factor_token_invalid`, and the sign-in starts again with the password.',
    tag: 'auth',
    body: TwoFactorLoginBodySchema,
    rateLimited: true,
    status: 200,
    response: AuthResponseSchema,
  },
  twoFactorStatus: {
    ...endpoints.twoFactorStatus,
    access: 'admin',
    twoFactorEnrolment: true,
    summary: "The caller's two-factor sign-in: on or off, recovery codes left, and whether the store requires it",
    tag: 'auth',
    status: 200,
    response: TwoFactorStatusSchema,
  },
  twoFactorSetup: {
    ...endpoints.twoFactorSetup,
    access: 'admin',
    auditLabel: 'Started two-factor setup',
    auditArea: 'Security',
    twoFactorEnrolment: true,
    summary: 'Start setting up two-factor sign-in (the password required): a new secret, its otpauth URI and QR code (answered this once)',
    tag: 'auth',
    body: TwoFactorSetupBodySchema,
    rateLimited: true,
    status: 200,
    response: TwoFactorSetupSchema,
  },
  twoFactorEnable: {
    ...endpoints.twoFactorEnable,
    access: 'admin',
    auditLabel: 'Turned on two-factor sign-in',
    auditArea: 'Security',
    twoFactorEnrolment: true,
    summary: "Turn two-factor sign-in on with the password and a code of the new secret; answers ten recovery codes, once. Every other session ends",
    tag: 'auth',
    body: TwoFactorEnableBodySchema,
    rateLimited: true,
    status: 200,
    response: RecoveryCodesSchema,
  },
  twoFactorDisable: {
    ...endpoints.twoFactorDisable,
    access: 'admin',
    auditLabel: 'Turned off two-factor sign-in',
    auditArea: 'Security',
    summary: 'Turn two-factor sign-in off (the password and a code or recovery code); refused while the store requires it',
    tag: 'auth',
    body: TwoFactorDisableBodySchema,
    rateLimited: true,
    status: 200,
    response: MessageSchema,
  },
  twoFactorRecoveryCodes: {
    ...endpoints.twoFactorRecoveryCodes,
    access: 'admin',
    auditLabel: 'Replaced recovery codes',
    auditArea: 'Security',
    summary: 'Ten new recovery codes (the password and a code or recovery code required); the old ones stop working',
    tag: 'auth',
    body: TwoFactorRecoveryCodesBodySchema,
    rateLimited: true,
    status: 200,
    response: RecoveryCodesSchema,
  },

  /* Catalogue */
  listProducts: {
    ...endpoints.listProducts,
    access: 'public',
    summary: 'Search, filter, sort and page the catalogue',
    tag: 'catalogue',
    querystring: ProductListQuerySchema,
    conditional: true,
    status: 200,
    response: ProductListSchema,
  },
  listCategories: {
    ...endpoints.listCategories,
    access: 'public',
    summary: 'The product categories with their labels',
    tag: 'catalogue',
    status: 200,
    response: Type.Array(CategoryOptionSchema),
  },
  suggestSearch: {
    ...endpoints.suggestSearch,
    access: 'public',
    summary: 'Suggestions as a shopper types: up to 8 product titles and the matching categories',
    tag: 'catalogue',
    querystring: SearchSuggestQuerySchema,
    conditional: true,
    status: 200,
    response: SearchSuggestionsSchema,
  },
  getProduct: {
    ...endpoints.getProduct,
    access: 'public',
    summary: 'One product',
    tag: 'catalogue',
    params: IdParamsSchema,
    conditional: true,
    status: 200,
    response: ProductSchema,
  },

  /* Reviews (docs/decisions/027-reviews.md) */
  listProductReviews: {
    ...endpoints.listProductReviews,
    access: 'public',
    summary: 'A product’s reviews by verified buyers, newest first (hidden ones and those whose purchase was refunded left out)',
    tag: 'reviews',
    params: IdParamsSchema,
    querystring: ReviewListQuerySchema,
    status: 200,
    response: ReviewListSchema,
  },
  getMyReview: {
    ...endpoints.getMyReview,
    access: 'user',
    summary: 'Whether the signed-in account may review the product (a completed, unrefunded order of it), and its review',
    tag: 'reviews',
    params: IdParamsSchema,
    status: 200,
    response: MyReviewSchema,
  },
  saveMyReview: {
    ...endpoints.saveMyReview,
    access: 'user',
    summary:
      'Write or edit the signed-in buyer’s review of the product (1 to 5 stars, optional plain text); 403 review_not_allowed without a completed, unrefunded order of it',
    tag: 'reviews',
    params: IdParamsSchema,
    body: ReviewInputSchema,
    rateLimited: true,
    status: 200,
    response: MyReviewSchema,
  },

  /* Site */
  siteInfo: {
    ...endpoints.siteInfo,
    access: 'public',
    summary: 'Site name, logo and appearance',
    tag: 'site',
    conditional: true,
    status: 200,
    response: SiteInfoSchema,
  },
  upload: {
    ...endpoints.upload,
    access: 'admin',
    apiKeyScope: 'products:write',
    auditLabel: 'Uploaded image',
    auditArea: 'Images',
    summary: 'Upload an image (multipart field `file`, at most 5 MB)',
    tag: 'admin',
    multipart: true,
    status: 201,
    response: UploadResultSchema,
  },

  /* Orders and payments */
  createOrder: {
    ...endpoints.createOrder,
    access: 'optional',
    summary: 'Create a pending order priced by the server; guests send invoice_data',
    tag: 'orders',
    body: CreateOrderBodySchema,
    rateLimited: true,
    status: 201,
    response: OrderSchema,
  },
  listMyOrders: {
    ...endpoints.listMyOrders,
    access: 'user',
    summary: "The signed-in user's orders, newest first",
    tag: 'orders',
    querystring: OrderListQuerySchema,
    status: 200,
    response: OrderListSchema,
  },
  getMyOrder: {
    ...endpoints.getMyOrder,
    access: 'user',
    summary: 'One of the signed-in user’s orders',
    tag: 'orders',
    params: IdParamsSchema,
    status: 200,
    response: OrderSchema,
  },
  cancelMyOrder: {
    ...endpoints.cancelMyOrder,
    access: 'user',
    summary:
      'Cancel one of the signed-in user’s unpaid orders: it becomes failed and its hold and discount use are released ' +
      '(409 order_not_cancellable once it is not pending, payment_in_progress while a capture of it runs)',
    tag: 'orders',
    params: IdParamsSchema,
    status: 200,
    response: OrderSchema,
  },
  getGuestOrder: {
    ...endpoints.getGuestOrder,
    access: 'public',
    summary: 'A guest order by its id: the whole order and its goods with the access token, else only its summary',
    tag: 'orders',
    params: Type.Object({ orderId: IdSchema }),
    querystring: Type.Object(
      { token: Type.Optional(Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9_-]*$' })) },
      { additionalProperties: false },
    ),
    rateLimited: true,
    status: 200,
    response: GuestOrderViewSchema,
  },
  createPayment: {
    ...endpoints.createPayment,
    access: 'optional',
    summary: 'Create the PayPal payment of an order and answer the approval address',
    description: PAYMENT_START_NOTE,
    tag: 'payments',
    querystring: Type.Object({ order_id: IdSchema }, { additionalProperties: false }),
    status: 200,
    response: PaymentLinkSchema,
  },
  paypalCreateOrder: {
    ...endpoints.paypalCreateOrder,
    access: 'optional',
    summary: 'Create the PayPal order of one of our orders',
    description: PAYMENT_START_NOTE,
    tag: 'payments',
    body: PaymentOrderRequestSchema,
    status: 200,
    response: PayPalCreateResultSchema,
  },
  paypalCaptureOrder: {
    ...endpoints.paypalCaptureOrder,
    access: 'optional',
    summary: 'Capture an approved PayPal order and deliver ours',
    tag: 'payments',
    params: Type.Object({ paypalOrderId: Type.String({ pattern: '^[A-Z0-9]{1,36}$' }) }),
    status: 200,
    response: PayPalCaptureResultSchema,
  },

  paypalWebhook: {
    ...endpoints.paypalWebhook,
    access: 'public',
    summary: 'PayPal webhook events, verified with PayPal and applied once',
    tag: 'payments',
    body: PayPalWebhookEventSchema,
    status: 200,
    response: Type.Object({ received: Type.Boolean() }),
  },
  download: {
    ...endpoints.download,
    access: 'public',
    summary:
      'A file of a delivered order line, through a signed link: the exact bytes (Range answers 206, If-Range honoured, ETag and Last-Modified for resuming; HEAD and 304 count nothing), or on S3 a redirect to a presigned link bound to the Range; the bytes are reserved against the line’s limit before they are sent, copies are counted and every download is logged',
    tag: 'orders',
    params: DownloadParamsSchema,
    querystring: DownloadQuerySchema,
    answer: 'file',
    status: 200,
    response: Type.Unknown({ description: 'The file' }),
  },

  /* Discount codes (docs/decisions/028-discount-codes.md) */
  previewDiscount: {
    ...endpoints.previewDiscount,
    access: 'optional',
    summary:
      'What a discount code would take off these lines, priced by the server; the order applies it again when it is placed. ' +
      'An unknown, disabled, scheduled, expired or used-up code answers only 400 discount_code_invalid, alike; rate limited per address',
    tag: 'orders',
    body: DiscountPreviewBodySchema,
    rateLimited: true,
    status: 200,
    response: DiscountPreviewSchema,
  },

  /* Licence checks: called by the software the shop sells (docs/decisions/025-licence-check-api.md) */
  validateLicense: {
    ...endpoints.validateLicense,
    access: 'public',
    summary: "Check a licence key from the seller's own software: active, revoked or unknown",
    description: LICENSE_ROUTES_NOTE(
      'The software sends the key its user entered, with its product id (recommended), and runs only when `valid` is true. ' +
        '`active`: a key sold and not refunded. `revoked`: its order was refunded (`valid` false; its activations stay recorded). ' +
        '`unknown`: no sold key of that product has this text. A key never sold, a key of another product and a mistyped one all answer ' +
        '`unknown`, with `product_id` null, `activations` 0 and `max_activations` null, and nothing about any other key. ' +
        'A key text sold for two products, checked without `product_id`: 400 `license_product_required`.',
    ),
    tag: 'licences',
    body: LicenseCheckBodySchema,
    rateLimited: true,
    status: 200,
    response: LicenseStatusSchema,
  },
  activateLicense: {
    ...endpoints.activateLicense,
    access: 'public',
    summary: 'Activate a licence key on one instance (a machine), within the product’s limit',
    description: LICENSE_ROUTES_NOTE(
      "Counts `instance` against the product's `max_activations` and answers the key's status after it. Activating an instance " +
        'already counted changes nothing and answers the same, so the software may activate at every start. Over the limit: 409 ' +
        '`activation_limit_reached` (deactivate another instance first). A revoked key: 409 `license_revoked`. A key that is not a ' +
        'sold key of the product (never sold, another product’s, or none): 404 `license_not_found`, the same answer for each.',
    ),
    tag: 'licences',
    body: LicenseActivationBodySchema,
    rateLimited: true,
    status: 200,
    response: LicenseStatusSchema,
  },
  deactivateLicense: {
    ...endpoints.deactivateLicense,
    access: 'public',
    summary: 'Deactivate a licence key on one instance, freeing its slot',
    description: LICENSE_ROUTES_NOTE(
      "Removes `instance` from the key's activations and answers the key's status after it. An instance the key is not activated " +
        'on: 404 `activation_not_found`. A revoked key: 409 `license_revoked` (its activations stay recorded). A key that is not a ' +
        'sold key of the product: 404 `license_not_found`.',
    ),
    tag: 'licences',
    body: LicenseActivationBodySchema,
    rateLimited: true,
    status: 200,
    response: LicenseStatusSchema,
  },

  /* Admin */
  adminStats: {
    ...endpoints.adminStats,
    access: 'admin',
    apiKeyScope: 'orders:read',
    summary: 'Dashboard figures: products, orders, users, revenue (orders and subscription payments), open disputes, active subscriptions and MRR',
    tag: 'admin',
    status: 200,
    response: DashboardStatsSchema,
  },
  adminRevenue: {
    ...endpoints.adminRevenue,
    access: 'admin',
    apiKeyScope: 'orders:read',
    summary:
      'Revenue and orders per UTC day over the last 7, 30 or 90 days (every day present, zeros included), by the day each order was paid; paid and completed orders only, test orders left out; ' +
      'subscription payments add to the revenue on the day paid (refunded ones and test subscriptions left out), not to the orders',
    tag: 'admin',
    querystring: RevenueQuerySchema,
    status: 200,
    response: RevenueSeriesSchema,
  },
  adminLicenseKeyStock: {
    ...endpoints.adminLicenseKeyStock,
    access: 'admin',
    apiKeyScope: 'products:read',
    summary: 'How many licence keys of a product remain',
    tag: 'admin',
    params: IdParamsSchema,
    status: 200,
    response: LicenseKeyStockSchema,
  },
  adminAddLicenseKeys: {
    ...endpoints.adminAddLicenseKeys,
    access: 'admin',
    apiKeyScope: 'licenses:write',
    auditLabel: 'Added licence keys',
    auditArea: 'Products',
    summary: 'Add licence keys in bulk, one per line; duplicates are refused',
    tag: 'admin',
    params: IdParamsSchema,
    body: LicenseKeysInputSchema,
    status: 201,
    response: LicenseKeysAddedSchema,
  },
  adminListProductFiles: {
    ...endpoints.adminListProductFiles,
    access: 'admin',
    apiKeyScope: 'products:read',
    summary: 'The deliverable files of a product',
    tag: 'admin',
    params: IdParamsSchema,
    status: 200,
    response: ProductFileListSchema,
  },
  adminUploadProductFile: {
    ...endpoints.adminUploadProductFile,
    access: 'admin',
    apiKeyScope: 'products:write',
    auditLabel: 'Added product file',
    auditArea: 'Products',
    summary:
      'Add a deliverable file to a product: multipart, one file in the field `file`, streamed to private storage (up to MAX_DELIVERABLE_BYTES)',
    tag: 'admin',
    params: IdParamsSchema,
    multipart: true,
    status: 201,
    response: ProductFileSchema,
  },
  adminDeleteProductFile: {
    ...endpoints.adminDeleteProductFile,
    access: 'admin',
    apiKeyScope: 'products:write',
    auditLabel: 'Removed product file',
    auditArea: 'Products',
    summary: 'Remove a file from a product; orders already delivered keep their copy',
    tag: 'admin',
    params: ProductFileParamsSchema,
    status: 204,
    response: Empty,
  },
  adminListProducts: {
    ...endpoints.adminListProducts,
    access: 'admin',
    apiKeyScope: 'products:read',
    summary: 'The catalogue for staff',
    tag: 'admin',
    querystring: ProductListQuerySchema,
    status: 200,
    response: AdminProductListSchema,
  },
  adminCreateProduct: {
    ...endpoints.adminCreateProduct,
    access: 'admin',
    apiKeyScope: 'products:write',
    auditLabel: 'Created product',
    auditArea: 'Products',
    summary: 'Add a product',
    tag: 'admin',
    body: ProductInputSchema,
    status: 201,
    response: AdminProductSchema,
  },
  adminUpdateProduct: {
    ...endpoints.adminUpdateProduct,
    access: 'admin',
    apiKeyScope: 'products:write',
    auditLabel: 'Edited product',
    auditArea: 'Products',
    summary: 'Replace a product’s fields',
    tag: 'admin',
    params: IdParamsSchema,
    body: ProductInputSchema,
    status: 200,
    response: AdminProductSchema,
  },
  adminDeleteProduct: {
    ...endpoints.adminDeleteProduct,
    access: 'admin',
    apiKeyScope: 'products:write',
    auditLabel: 'Removed product',
    auditArea: 'Products',
    summary: 'Remove a product from the catalogue',
    tag: 'admin',
    params: IdParamsSchema,
    status: 204,
    response: Empty,
  },
  adminListOrders: {
    ...endpoints.adminListOrders,
    access: 'admin',
    apiKeyScope: 'orders:read',
    summary: 'Search and filter all orders (?dispute=open for those with a PayPal dispute not resolved), each with its refund and dispute',
    tag: 'admin',
    querystring: AdminOrderListQuerySchema,
    status: 200,
    response: AdminOrderListSchema,
  },
  adminExportOrders: {
    ...endpoints.adminExportOrders,
    access: 'admin',
    apiKeyScope: 'orders:read',
    auditLabel: 'Exported orders',
    auditArea: 'Orders',
    summary:
      'Every order matching the list’s filter (search, status, dispute; no paging) as a CSV file for a spreadsheet, streamed: text/csv, UTF-8 with BOM, CRLF, every field quoted, formula-safe; ' +
      'each subscription payment the filter selects is a row too (`type` subscription_payment, with its `subscription_id`)',
    tag: 'admin',
    querystring: OrderExportQuerySchema,
    auditedRead: true,
    answer: 'csv',
    status: 200,
    response: Type.Unknown({ description: 'The CSV file (text/csv; charset=utf-8), one row an order after the header row' }),
  },
  adminDeliveryLog: {
    ...endpoints.adminDeliveryLog,
    access: 'admin',
    apiKeyScope: 'orders:read',
    summary: 'Every key reveal and download of an order (time, address, user agent, bytes): JSON, or CSV with ?format=csv',
    tag: 'admin',
    params: IdParamsSchema,
    querystring: DeliveryLogQuerySchema,
    answer: 'jsonOrCsv',
    status: 200,
    response: DeliveryLogSchema,
  },
  adminSetOrderStatus: {
    ...endpoints.adminSetOrderStatus,
    access: 'admin',
    apiKeyScope: 'orders:write',
    auditLabel: 'Changed order status',
    auditArea: 'Orders',
    summary: 'Confirm or reject an order',
    tag: 'admin',
    params: IdParamsSchema,
    querystring: StatusQuerySchema,
    status: 200,
    response: OrderSchema,
  },
  adminRefundOrder: {
    ...endpoints.adminRefundOrder,
    access: 'admin',
    apiKeyScope: 'orders:write',
    auditLabel: 'Refunded order',
    auditArea: 'Orders',
    summary:
      'Refund a completed order in full through PayPal (a reason is required): the order becomes refunded, its keys are revoked, its downloads stop and the buyer is mailed. ' +
      '409 order_not_refundable for an order not completed or not paid through PayPal; 409 refund_in_progress while an earlier request waits for PayPal; 502 when PayPal refuses or does not answer (the refund is retried)',
    tag: 'admin',
    params: IdParamsSchema,
    body: RefundOrderBodySchema,
    status: 200,
    response: AdminOrderSchema,
  },
  adminListUsers: {
    ...endpoints.adminListUsers,
    access: 'admin',
    summary: 'Search and filter accounts',
    tag: 'admin',
    querystring: UserListQuerySchema,
    status: 200,
    response: UserListSchema,
  },
  adminUserCounts: {
    ...endpoints.adminUserCounts,
    access: 'admin',
    summary: 'How many accounts there are: all, administrators and active ones',
    tag: 'admin',
    status: 200,
    response: UserCountsSchema,
  },
  adminUserStats: {
    ...endpoints.adminUserStats,
    access: 'admin',
    summary: 'One account’s orders, spending and products bought',
    tag: 'admin',
    params: IdParamsSchema,
    status: 200,
    response: UserStatsSchema,
  },
  adminSetUserActive: {
    ...endpoints.adminSetUserActive,
    access: 'admin',
    auditLabel: 'Activated or deactivated account',
    auditArea: 'Users',
    summary: 'Activate or deactivate an account; deactivating ends its sessions',
    tag: 'admin',
    params: IdParamsSchema,
    body: UserActiveBodySchema,
    status: 200,
    response: UserSchema,
  },
  adminListReviews: {
    ...endpoints.adminListReviews,
    access: 'admin',
    summary: 'Every review, newest first, with its product, author and whether it is hidden or still counts',
    tag: 'admin',
    querystring: AdminReviewListQuerySchema,
    status: 200,
    response: AdminReviewListSchema,
  },
  adminSetReviewHidden: {
    ...endpoints.adminSetReviewHidden,
    access: 'admin',
    auditLabel: 'Hid or showed review',
    auditArea: 'Reviews',
    summary: 'Hide a review (it leaves the product’s list, rating and review count) or show it again',
    tag: 'admin',
    params: IdParamsSchema,
    body: ReviewHiddenBodySchema,
    status: 200,
    response: AdminReviewSchema,
  },
  adminListDiscounts: {
    ...endpoints.adminListDiscounts,
    access: 'admin',
    apiKeyScope: 'discounts:read',
    summary: 'Every discount code, newest first, with its status, uses and the discount given',
    tag: 'admin',
    querystring: DiscountCodeListQuerySchema,
    status: 200,
    response: DiscountCodeListSchema,
  },
  adminCreateDiscount: {
    ...endpoints.adminCreateDiscount,
    access: 'admin',
    apiKeyScope: 'discounts:write',
    auditLabel: 'Created discount code',
    auditArea: 'Discounts',
    summary: 'Create a discount code (409 discount_code_taken when the code exists, whatever its case)',
    tag: 'admin',
    body: DiscountCodeInputSchema,
    status: 201,
    response: DiscountCodeSchema,
  },
  adminUpdateDiscount: {
    ...endpoints.adminUpdateDiscount,
    access: 'admin',
    apiKeyScope: 'discounts:write',
    auditLabel: 'Edited discount code',
    auditArea: 'Discounts',
    summary: "Replace a discount code's settings; its text and kind cannot change once an order used it (409 discount_code_in_use)",
    tag: 'admin',
    params: IdParamsSchema,
    body: DiscountCodeInputSchema,
    status: 200,
    response: DiscountCodeSchema,
  },
  adminSetDiscountDisabled: {
    ...endpoints.adminSetDiscountDisabled,
    access: 'admin',
    apiKeyScope: 'discounts:write',
    auditLabel: 'Disabled or enabled discount code',
    auditArea: 'Discounts',
    summary: 'Disable a discount code (it stops applying at once) or enable it again',
    tag: 'admin',
    params: IdParamsSchema,
    body: DiscountDisabledBodySchema,
    status: 200,
    response: DiscountCodeSchema,
  },
  adminListDiscountUses: {
    ...endpoints.adminListDiscountUses,
    access: 'admin',
    apiKeyScope: 'discounts:read',
    summary: 'The orders placed with a discount code, newest first, and whether each still holds a use',
    tag: 'admin',
    params: IdParamsSchema,
    querystring: DiscountUseListQuerySchema,
    status: 200,
    response: DiscountUseListSchema,
  },
  adminGetSettings: {
    ...endpoints.adminGetSettings,
    access: 'admin',
    summary: 'Site settings, secrets masked',
    tag: 'admin',
    status: 200,
    response: SiteSettingsSchema,
  },
  adminSystemStatus: {
    ...endpoints.adminSystemStatus,
    access: 'admin',
    summary: "The store's health: readiness, version, migrations, database, Redis, the mail and webhook outboxes, reconciliation and storage",
    tag: 'admin',
    status: 200,
    response: SystemStatusSchema,
  },
  adminUpdateSettings: {
    ...endpoints.adminUpdateSettings,
    access: 'admin',
    auditLabel: 'Updated site settings',
    auditArea: 'Settings',
    summary: 'Save site settings; a masked secret sent back keeps the stored value',
    tag: 'admin',
    body: SiteSettingsUpdateSchema,
    status: 200,
    response: SiteSettingsSchema,
  },
  adminTestCoingate: {
    ...endpoints.adminTestCoingate,
    access: 'admin',
    auditLabel: 'Tested CoinGate key',
    auditArea: 'Settings',
    summary: 'Check the stored CoinGate key against its environment',
    tag: 'admin',
    status: 200,
    response: ProviderTestResultSchema,
  },
  adminTestEmail: {
    ...endpoints.adminTestEmail,
    access: 'admin',
    auditLabel: 'Sent test email',
    auditArea: 'Settings',
    summary: 'Send a test message through the stored SMTP settings',
    tag: 'admin',
    body: TestEmailBodySchema,
    rateLimited: true,
    status: 200,
    response: MessageSchema,
  },
  adminListAudit: {
    ...endpoints.adminListAudit,
    access: 'admin',
    summary:
      'The audit trail, newest first: every staff change (each admin route that writes) with who, when, from which address, the result and what changed (secrets masked, keys never). Read-only: no route edits or removes an entry',
    tag: 'admin',
    querystring: AuditLogQuerySchema,
    status: 200,
    response: AuditLogSchema,
  },

  /* API keys for the seller's own systems (docs/decisions/056-api-keys.md): a staff session only, never a key. */
  adminListApiKeys: {
    ...endpoints.adminListApiKeys,
    access: 'admin',
    summary: 'The API keys, newest first, with their scopes, expiry and last use (never their secrets)',
    tag: 'admin',
    status: 200,
    response: ApiKeyListSchema,
  },
  adminCreateApiKey: {
    ...endpoints.adminCreateApiKey,
    access: 'admin',
    auditLabel: 'Created API key',
    auditArea: 'Security',
    summary: 'Create an API key: its secret is in this answer and never again (the store keeps a digest)',
    tag: 'admin',
    body: CreateApiKeyBodySchema,
    status: 201,
    response: CreatedApiKeySchema,
  },
  adminRevokeApiKey: {
    ...endpoints.adminRevokeApiKey,
    access: 'admin',
    auditLabel: 'Revoked API key',
    auditArea: 'Security',
    summary: 'Revoke an API key: the next request with it is refused',
    tag: 'admin',
    params: IdParamsSchema,
    status: 204,
    response: Empty,
  },

  /* Outgoing webhooks (docs/decisions/057-webhooks.md) */
  adminListWebhooks: {
    ...endpoints.adminListWebhooks,
    access: 'admin',
    apiKeyScope: 'webhooks:write',
    summary: 'The webhook endpoints, with their events, state and pending deliveries (never their secrets)',
    tag: 'admin',
    status: 200,
    response: WebhookEndpointListSchema,
  },
  adminCreateWebhook: {
    ...endpoints.adminCreateWebhook,
    access: 'admin',
    apiKeyScope: 'webhooks:write',
    auditLabel: 'Added webhook endpoint',
    auditArea: 'Settings',
    summary: 'Register a webhook endpoint: its signing secret is in this answer and never again',
    tag: 'admin',
    body: WebhookEndpointBodySchema,
    status: 201,
    response: CreatedWebhookEndpointSchema,
  },
  adminUpdateWebhook: {
    ...endpoints.adminUpdateWebhook,
    access: 'admin',
    apiKeyScope: 'webhooks:write',
    auditLabel: 'Changed webhook endpoint',
    auditArea: 'Settings',
    summary: 'Change an endpoint: address, events, description, on or off (turning it on clears why the store turned it off)',
    tag: 'admin',
    params: IdParamsSchema,
    body: WebhookEndpointBodySchema,
    status: 200,
    response: WebhookEndpointSchema,
  },
  adminDeleteWebhook: {
    ...endpoints.adminDeleteWebhook,
    access: 'admin',
    apiKeyScope: 'webhooks:write',
    auditLabel: 'Removed webhook endpoint',
    auditArea: 'Settings',
    summary: 'Remove an endpoint and its deliveries; nothing more is sent to it',
    tag: 'admin',
    params: IdParamsSchema,
    status: 204,
    response: Empty,
  },
  adminListWebhookDeliveries: {
    ...endpoints.adminListWebhookDeliveries,
    access: 'admin',
    apiKeyScope: 'webhooks:write',
    summary: "An endpoint's last 100 deliveries, newest first: status, attempts, the receiver's answer and time",
    tag: 'admin',
    params: IdParamsSchema,
    status: 200,
    response: WebhookDeliveryListSchema,
  },
  adminResendWebhookDelivery: {
    ...endpoints.adminResendWebhookDelivery,
    access: 'admin',
    apiKeyScope: 'webhooks:write',
    auditLabel: 'Resent webhook delivery',
    auditArea: 'Settings',
    summary: 'Send a delivery again now, with the same event id and body (a receiver drops it if it already has it)',
    tag: 'admin',
    params: WebhookDeliveryParamsSchema,
    status: 200,
    response: WebhookDeliverySchema,
  },
  adminTestWebhook: {
    ...endpoints.adminTestWebhook,
    access: 'admin',
    apiKeyScope: 'webhooks:write',
    auditLabel: 'Sent test webhook',
    auditArea: 'Settings',
    summary: 'Send a `webhook.test` event to the endpoint now and answer its delivery',
    tag: 'admin',
    params: IdParamsSchema,
    status: 200,
    response: WebhookDeliverySchema,
  },

  /* Subscriptions (docs/decisions/037-subscriptions.md) */
  createSubscription: {
    ...endpoints.createSubscription,
    access: 'user',
    summary: "Subscribe to a subscription product: creates the subscription at PayPal and answers the address where the buyer approves it",
    description:
      'Signed-in buyers only. 404 `product_not_found` for a product that is not in the catalogue, 409 `not_a_subscription` for ' +
      'one that is not a subscription, 409 `subscription_exists` when the account already has a live subscription of the product ' +
      '(awaiting approval, active, past due or suspended). The buyer returns to `/account/subscriptions/{id}/return`.',
    tag: 'subscriptions',
    body: CreateSubscriptionBodySchema,
    rateLimited: true,
    status: 201,
    response: CreateSubscriptionResponseSchema,
  },
  listMySubscriptions: {
    ...endpoints.listMySubscriptions,
    access: 'user',
    summary: "The signed-in account's subscriptions, newest first, each with its key and, while it gives access, its files",
    tag: 'subscriptions',
    status: 200,
    response: SubscriptionListSchema,
  },
  getMySubscription: {
    ...endpoints.getMySubscription,
    access: 'user',
    summary: 'One of the signed-in account’s subscriptions (404 `subscription_not_found` for another account’s)',
    tag: 'subscriptions',
    params: IdParamsSchema,
    status: 200,
    response: SubscriptionSchema,
  },
  confirmSubscription: {
    ...endpoints.confirmSubscription,
    access: 'user',
    summary: "The return from PayPal: asks PayPal for the subscription and activates it if the buyer approved it (once, whatever came first)",
    tag: 'subscriptions',
    params: IdParamsSchema,
    rateLimited: true,
    status: 200,
    response: SubscriptionSchema,
  },
  cancelMySubscription: {
    ...endpoints.cancelMySubscription,
    access: 'user',
    summary: 'Cancel at PayPal: no more payments; the key and files keep working to the end of the paid period, then the subscription expires',
    description: '409 `subscription_not_cancellable` for a subscription already cancelled or expired; 502 when PayPal refuses or does not answer.',
    tag: 'subscriptions',
    params: IdParamsSchema,
    status: 200,
    response: SubscriptionSchema,
  },
  downloadSubscriptionFile: {
    ...endpoints.downloadSubscriptionFile,
    access: 'public',
    summary:
      'A current file of a subscription’s product, through the signed link its `downloads` carry, while the subscription gives access ' +
      '(as its key: active, past due or cancelled, to the paid period’s end plus the grace days); answered as an order download is ' +
      '(Range, If-Range, ETag, HEAD, 304, S3 redirect), counted against the limit of the current billing period',
    description:
      '403 `invalid_download_link` for a forged or expired link (an order download’s signature never opens it), 403 `subscription_inactive` ' +
      'while the subscription is suspended, ended or not approved yet, 403 `download_limit_reached` past the period’s limit, ' +
      '404 `download_not_found` for a file the product no longer carries (docs/decisions/041-subscription-downloads.md).',
    tag: 'subscriptions',
    params: DownloadParamsSchema,
    querystring: DownloadQuerySchema,
    answer: 'file',
    status: 200,
    response: Type.Unknown({ description: 'The file' }),
  },

  /* Staff's subscriptions (docs/decisions/040-subscription-admin.md) */
  adminListSubscriptions: {
    ...endpoints.adminListSubscriptions,
    access: 'admin',
    apiKeyScope: 'orders:read',
    summary: "Subscriptions for staff, newest first: filtered by status, product and part of the buyer's email or username, paged as the orders list",
    tag: 'admin',
    querystring: AdminSubscriptionListQuerySchema,
    status: 200,
    response: AdminSubscriptionListSchema,
  },
  adminGetSubscription: {
    ...endpoints.adminGetSubscription,
    access: 'admin',
    apiKeyScope: 'orders:read',
    summary: 'One subscription with its buyer, key and every payment, newest first (404 `subscription_not_found`)',
    tag: 'admin',
    params: IdParamsSchema,
    status: 200,
    response: AdminSubscriptionSchema,
  },
  adminCancelSubscription: {
    ...endpoints.adminCancelSubscription,
    access: 'admin',
    apiKeyScope: 'orders:write',
    auditLabel: 'Cancelled subscription',
    auditArea: 'Subscriptions',
    summary:
      'Cancel at PayPal (no more payments), then `now`: access ends at once and the subscription expires; `period_end`: access lasts to the paid period’s end. Nothing is refunded',
    description:
      '409 `subscription_not_cancellable` for an expired subscription, or `period_end` for one already cancelled; 502 when PayPal refuses or does not answer.',
    tag: 'admin',
    params: IdParamsSchema,
    body: AdminCancelSubscriptionBodySchema,
    status: 200,
    response: AdminSubscriptionSchema,
  },
  adminRefundSubscriptionPayment: {
    ...endpoints.adminRefundSubscriptionPayment,
    access: 'admin',
    apiKeyScope: 'orders:write',
    auditLabel: 'Refunded subscription payment',
    auditArea: 'Subscriptions',
    summary:
      'Refund the last payment in full through PayPal (a reason is required), which also cancels the subscription now: PayPal stops billing and access ends',
    description:
      '409 `payment_not_refundable` when there is no payment or the last one is already refunded or reversed (an earlier one is never refunded from here); ' +
      '409 `refund_in_progress` while an earlier request waits for PayPal; 502 when PayPal refuses or does not answer (ask again: the same refund is asked for).',
    tag: 'admin',
    params: IdParamsSchema,
    body: RefundOrderBodySchema,
    status: 200,
    response: AdminSubscriptionSchema,
  },
});

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export const routeNames = Object.keys(routes) as RouteName[];
