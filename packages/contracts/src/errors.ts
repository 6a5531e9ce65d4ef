/*
 * Every `code` of an error answer `{ detail, code }`: `detail` is a sentence for a person, `code` is what
 * programs branch on. The API throws only these (a typo is a compile error) and the apps compare with
 * `ERROR_CODE.xxx`, never with a literal. See docs/decisions/007-errors.md and 016-one-validator-and-error-codes.md.
 */

/** The codes the API sends, each with when it is sent. */
export const API_ERROR_CODES = [
  // Generic codes, one per kind of failure: sent when nothing more specific applies (`AppError(kind, detail)`).
  /** A request the API cannot act on, with nothing more specific to say (an empty JSON body...). */
  'bad_request',
  /** No valid session: no token, a bad or expired one, or an ended session. */
  'unauthorized',
  /** Signed in, but not allowed (an admin route for a shopper). */
  'forbidden',
  /** A thing that does not exist, when no more specific `*_not_found` applies. */
  'not_found',
  /** The request clashes with the current state, when no more specific code applies. */
  'conflict',
  /** The body or the uploaded file is over its size limit. */
  'payload_too_large',
  /** A body in a content type the route does not take (the API speaks JSON and multipart uploads). */
  'unsupported_media_type',
  /** A rate limit: too many requests from this address in a minute. */
  'too_many_requests',
  /** A route of the table that has no handler yet. */
  'not_implemented',
  /** A provider (PayPal, the SMTP server...) failed, when no more specific code applies. */
  'bad_gateway',
  /** A service the request needs is not available right now. */
  'service_unavailable',
  /** Anything unexpected: the detail is always "Internal server error"; the error itself is only logged. */
  'internal_error',

  // The request itself.
  /** A params, query or body value the contract refuses; the detail names the field (or is the schema's own message). */
  'validation_error',
  /** A JSON body that does not parse. */
  'malformed_json',
  /** A multipart upload that is cut short, lacks its boundary or has forbidden field names. */
  'malformed_multipart',
  /** More than one file in an upload. */
  'too_many_files',
  /** An upload form with more parts than the image. */
  'too_many_parts',
  /** An uploaded image whose dimensions are over the limits (a decompression bomb declares huge ones in a tiny file). */
  'image_too_large',
  /** An uploaded file that starts like an image but does not decode as one (cut short, corrupt). */
  'unreadable_image',
  /** An /api path (or the switched-off payment sandbox) with no route. */
  'route_not_found',
  /** A path parameter over the router's length limit (100 characters): no id is that long. */
  'uri_too_long',
  /** The request line and headers together over the server's limit (16 KB): answered before any route. */
  'request_headers_too_large',
  /** A request whose headers or body did not arrive within the server's time limit. */
  'request_timeout',

  // Accounts and sessions.
  /** An API key sent to a route that takes a staff session only (accounts, settings, the keys themselves, a buyer's routes). */
  'api_key_not_allowed',
  /** An API key without the scope this route needs (docs/decisions/056-api-keys.md). */
  'api_key_scope_missing',
  /** No API key has this id. */
  'api_key_not_found',
  /** No webhook endpoint (or delivery of it) has this id. */
  'webhook_not_found',
  /** A webhook address the store will not send to: a private, loopback or link-local address (unless allowed). */
  'webhook_url_not_allowed',
  /** Sign-in with a wrong username, email or password. */
  'invalid_credentials',
  /** Sign-in to an account staff deactivated. */
  'account_disabled',
  /** Too many failed sign-ins for one account: locked for a while (with Retry-After). */
  'account_locked',
  /** Registration with a username already in use. */
  'username_taken',
  /** Registration with an email already in use. */
  'email_taken',
  /** A password change whose current password is wrong. */
  'invalid_current_password',
  /** A password reset link that is unknown, used already or expired. */
  'invalid_reset_link',
  /** An email verification link that is unknown, used already or expired. */
  'invalid_verification_link',
  /** A verification link asked for by an account whose email is verified already. */
  'email_already_verified',
  /** A sign-in link that is unknown, used already or expired. */
  'invalid_sign_in_link',
  /** A new password that is too common, or is the account's own username or email. */
  'password_too_common',
  /** Staff deactivating their own account. */
  'cannot_deactivate_self',
  /** A user id that does not exist. */
  'user_not_found',

  // Two-factor sign-in for staff (docs/decisions/030-two-factor-sign-in.md).
  /** A two-factor code or recovery code that is wrong, used already or too old. */
  'invalid_two_factor_code',
  /** The second sign-in step with a token that is unknown, expired, used, or ended by too many wrong codes: sign in with the password again. */
  'two_factor_token_invalid',
  /** Setting up two-factor sign-in on an account that has it already (turn it off first). */
  'two_factor_already_enabled',
  /** Turning off two-factor sign-in, or new recovery codes, on an account without it. */
  'two_factor_not_enabled',
  /** Confirming two-factor sign-in before its setup was started (no secret to check the code against). */
  'two_factor_setup_missing',
  /** An admin route from a staff account that must set up two-factor sign-in first (the store requires it). */
  'two_factor_enrolment_required',
  /** Requiring two-factor sign-in of all staff from an account that has not set it up itself. */
  'own_two_factor_required',
  /** Turning off two-factor sign-in while the store requires it of every staff account. */
  'two_factor_required_by_settings',

  // Catalogue.
  /** A product id that does not exist (or was deleted). */
  'product_not_found',
  /** An order line for a product that does not exist or is not on sale. */
  'unknown_product',

  // Reviews.
  /** A review by an account without a completed, unrefunded order of the product. */
  'review_not_allowed',
  /** A review id that does not exist. */
  'review_not_found',

  // Orders.
  /** An order id the caller cannot see. */
  'order_not_found',
  /** A download or key of an order that was refunded: its goods no longer work. */
  'order_refunded',
  /** An order over the limits: quantity of one product, units in all, or total. */
  'order_too_large',
  /** A "free" order whose total is not zero. */
  'order_not_free',
  /** A payment method that is not available yet (crypto, card). */
  'payment_method_unavailable',
  /** A buyer with too many unpaid orders waiting. */
  'too_many_unpaid_orders',
  /** Not enough stock for a line. */
  'out_of_stock',
  /**
   * At a payment start (or a capture after the hold ended): the unsold units, or a discount code's last uses,
   * are held by other buyers' live PayPal checkouts; they come back within minutes if not paid (Retry-After).
   */
  'held_by_other_buyers',
  /** Not enough licence keys left to deliver a line. */
  'out_of_keys',
  /** A status change the order's status machine does not allow. */
  'invalid_status_change',
  /** A staff change while the buyer is paying for the order. */
  'payment_in_progress',
  /** A download link that is forged or expired. */
  'invalid_download_link',
  /** A download of a line that is not delivered. */
  'download_not_found',
  /** A `Range` that starts past the end of the file (answered with `Content-Range: bytes *\/size`). */
  'range_not_satisfiable',
  /** A file downloaded as many times as its order line allows. */
  'download_limit_reached',
  /** A product file that does not exist (or was removed). */
  'file_not_found',
  /** A product that already carries as many files as allowed. */
  'product_files_full',

  // Discount codes (docs/decisions/028-discount-codes.md).
  /**
   * A discount code nobody can use now: unknown, disabled, not started, ended or used up. One answer for all,
   * nothing more said (docs/decisions/036-holds-at-payment.md); staff see the code's status in the admin.
   */
  'discount_code_invalid',
  /** An order's discount code whose uses were all paid by other orders after it was placed (at its payment start, or a late payment, which is refunded). */
  'discount_code_used_up',
  /** A discount code this buyer (account, or email for a guest) has used as often as it allows. */
  'discount_code_already_used',
  /** A discount code whose minimum order the lines it covers do not reach. */
  'discount_code_min_order',
  /** A discount code that covers no line of the order (limited to other products or categories), or takes nothing off it. */
  'discount_code_not_applicable',
  /** Staff creating or renaming a code to one that exists already (case does not matter). */
  'discount_code_taken',
  /** Staff changing the text or kind of a code that orders have used. */
  'discount_code_in_use',
  /** A discount code id that does not exist (staff). */
  'discount_code_not_found',

  // Licence checks (the seller's own software; docs/decisions/025-licence-check-api.md).
  /** An activation or deactivation with a key that is not a sold key of the product: the same for a key never sold, another product's, or none at all. */
  'license_not_found',
  /** A key sold for more than one product, checked without `product_id`. */
  'license_product_required',
  /** An activation or deactivation of a key revoked when its order was refunded. */
  'license_revoked',
  /** An activation past the product's limit of instances per key. */
  'activation_limit_reached',
  /** A deactivation of an instance the key is not activated on. */
  'activation_not_found',

  // Subscriptions (docs/decisions/037-subscriptions.md).
  /** A subscription product saved without its billing interval. */
  'billing_interval_required',
  /** A subscription product in a one-off order: subscriptions are checked out on their own. */
  'subscription_checkout_separate',
  /** Subscribing to a product that is not a subscription product. */
  'not_a_subscription',
  /** Subscribing to a product the account already has a live subscription of (awaiting approval, active, past due or suspended). */
  'subscription_exists',
  /** A subscription id that is not one of the caller's. */
  'subscription_not_found',
  /** Cancelling a subscription that is already cancelled or expired. */
  'subscription_not_cancellable',
  /** Staff's refund of a subscription's last payment when there is none, or it is already refunded or reversed. */
  'payment_not_refundable',
  /** An activation of a subscription's key past its end (the subscription ended, or its paid period and grace days passed). */
  'license_expired',
  /** An activation of a subscription's key while its subscription is suspended (a payment failed). */
  'license_suspended',
  /**
   * A download of a subscription's file while the subscription gives no access: suspended (a payment failed),
   * ended, past its paid period (and grace days), or not approved yet (docs/decisions/041-subscription-downloads.md).
   */
  'subscription_inactive',

  // Payments.
  /** PayPal has no credentials (and the sandbox is off). */
  'payments_not_configured',
  /** A payment for an order that is not awaiting payment. */
  /** The buyer's cancel of an order that is no longer awaiting payment (paid, lapsed, cancelled already). */
  'order_not_cancellable',
  'order_not_payable',
  /** A payment for an unpaid order that lapsed. */
  'order_expired',
  /** A PayPal capture that belongs to another order. */
  'order_mismatch',
  /** A refund of an order that is not completed, already refunded, or was not paid through PayPal. */
  'order_not_refundable',
  /** A refund already under way for the order (another click, or PayPal has not answered yet). */
  'refund_in_progress',
  /** PayPal answered with an error or without what the API needs. */
  'paypal_error',
  /** PayPal could not be reached. */
  'paypal_unreachable',
  /** PayPal declined the payment. */
  'payment_declined',
  /** A capture before the buyer approved the payment at PayPal. */
  'payment_not_approved',
  /** PayPal is still processing the payment; the order completes when it clears. */
  'payment_pending',
  /** The payment was refunded (the order could not be completed). */
  'payment_refunded',
  /** A webhook that could not be verified with PayPal. */
  'webhook_unverified',

  // Mail.
  /** Mail needs the SMTP host and from email first. */
  'smtp_not_configured',
  /** The test email was not sent (the SMTP server refused or was unreachable). */
  'smtp_failed',
  /** An SMTP host that resolves to a private address (refused unless SMTP_ALLOW_PRIVATE_HOSTS). */
  'smtp_host_not_allowed',

  // Packages (docs/decisions/038-packages.md).
  /** A product's package_items break a rule: a package has 2–20 different members, other types none, never itself. */
  'package_items_invalid',
  /** A package member that is unknown, deleted, itself a package or a subscription. */
  'package_member_invalid',
  /** A product some package contains cannot be deleted or become a package or a subscription. */
  'product_in_package',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Codes the typed client gives an error itself; the API never sends them. */
export const CLIENT_ERROR_CODES = [
  /** An answer that is not the API's JSON error (a proxy's page): its status text is the detail, not for showing as-is. */
  'http_error',
  /** The API's error with a code this client does not know (a newer server): the detail is still the server's sentence. */
  'unknown_error',
] as const;

/** Every code an `ApiError` can carry. */
export const ERROR_CODES = [...API_ERROR_CODES, ...CLIENT_ERROR_CODES] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The codes by name, for comparisons: `error.code === ERROR_CODE.username_taken`. */
export const ERROR_CODE = Object.freeze(Object.fromEntries(ERROR_CODES.map((code) => [code, code]))) as { readonly [C in ErrorCode]: C };

const SENT_BY_API: ReadonlySet<string> = new Set(API_ERROR_CODES);

/** True for a code the API sends (the client's own codes are not). */
export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && SENT_BY_API.has(value);
}
