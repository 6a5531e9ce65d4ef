// Written by `pnpm --filter @store/api openapi:errors` (scripts/route-errors.ts) from the handlers; do not edit.
// test/route-errors.test.ts fails when the handlers and this file disagree.
import type { ApiErrorCode, RouteName } from '@store/contracts';

/** The error statuses and codes each route’s handler can give, beside its guard’s and its input’s. */
export const ROUTE_ERRORS: Record<RouteName, Record<string, readonly ApiErrorCode[]>> = {
  "register": {
    "400": [
      "password_too_common"
    ],
    "409": [
      "email_taken",
      "username_taken"
    ]
  },
  "login": {
    "401": [
      "invalid_credentials"
    ],
    "403": [
      "account_disabled"
    ],
    "429": [
      "account_locked"
    ]
  },
  "me": {
    "401": [
      "unauthorized"
    ]
  },
  "logout": {},
  "changePassword": {
    "400": [
      "invalid_current_password",
      "password_too_common"
    ],
    "401": [
      "unauthorized"
    ],
    "429": [
      "account_locked"
    ]
  },
  "requestPasswordReset": {},
  "resetPassword": {
    "400": [
      "invalid_reset_link",
      "password_too_common"
    ],
    "403": [
      "account_disabled"
    ]
  },
  "requestEmailVerification": {
    "401": [
      "unauthorized"
    ],
    "409": [
      "email_already_verified"
    ],
    "429": [
      "too_many_requests"
    ]
  },
  "verifyEmail": {
    "400": [
      "invalid_verification_link"
    ],
    "403": [
      "account_disabled"
    ]
  },
  "requestMagicLink": {},
  "signInWithMagicLink": {
    "400": [
      "invalid_sign_in_link"
    ],
    "403": [
      "account_disabled"
    ]
  },
  "loginTwoFactor": {
    "400": [
      "invalid_two_factor_code",
      "validation_error"
    ],
    "401": [
      "two_factor_token_invalid"
    ],
    "403": [
      "account_disabled"
    ],
    "429": [
      "account_locked"
    ]
  },
  "twoFactorStatus": {
    "401": [
      "unauthorized"
    ]
  },
  "twoFactorSetup": {
    "400": [
      "invalid_current_password",
      "invalid_two_factor_code"
    ],
    "401": [
      "unauthorized"
    ],
    "409": [
      "two_factor_already_enabled"
    ],
    "429": [
      "account_locked"
    ]
  },
  "twoFactorEnable": {
    "400": [
      "invalid_current_password",
      "invalid_two_factor_code"
    ],
    "401": [
      "unauthorized"
    ],
    "409": [
      "two_factor_already_enabled",
      "two_factor_setup_missing"
    ],
    "429": [
      "account_locked"
    ]
  },
  "twoFactorDisable": {
    "400": [
      "invalid_current_password",
      "invalid_two_factor_code",
      "validation_error"
    ],
    "401": [
      "unauthorized"
    ],
    "409": [
      "two_factor_not_enabled",
      "two_factor_required_by_settings"
    ],
    "429": [
      "account_locked"
    ]
  },
  "twoFactorRecoveryCodes": {
    "400": [
      "invalid_current_password",
      "invalid_two_factor_code",
      "validation_error"
    ],
    "401": [
      "unauthorized"
    ],
    "409": [
      "two_factor_not_enabled"
    ],
    "429": [
      "account_locked"
    ]
  },
  "listProducts": {
    "400": [
      "validation_error"
    ]
  },
  "listCategories": {},
  "suggestSearch": {},
  "getProduct": {
    "404": [
      "product_not_found"
    ]
  },
  "listProductReviews": {
    "404": [
      "product_not_found"
    ]
  },
  "getMyReview": {
    "404": [
      "product_not_found"
    ]
  },
  "saveMyReview": {
    "403": [
      "review_not_allowed"
    ],
    "404": [
      "product_not_found"
    ]
  },
  "siteInfo": {},
  "upload": {
    "400": [
      "malformed_multipart",
      "validation_error"
    ],
    "413": [
      "image_too_large",
      "payload_too_large",
      "too_many_files",
      "too_many_parts"
    ],
    "415": [
      "unreadable_image",
      "unsupported_media_type"
    ]
  },
  "createOrder": {
    "400": [
      "discount_code_invalid",
      "discount_code_min_order",
      "discount_code_not_applicable",
      "order_not_free",
      "order_too_large",
      "payment_method_unavailable",
      "unknown_product",
      "validation_error"
    ],
    "409": [
      "discount_code_already_used",
      "discount_code_used_up",
      "held_by_other_buyers",
      "out_of_keys",
      "out_of_stock",
      "subscription_checkout_separate"
    ],
    "429": [
      "too_many_unpaid_orders"
    ]
  },
  "listMyOrders": {},
  "getMyOrder": {
    "404": [
      "order_not_found"
    ]
  },
  "cancelMyOrder": {
    "404": [
      "order_not_found"
    ],
    "409": [
      "order_not_cancellable",
      "payment_in_progress"
    ]
  },
  "getGuestOrder": {
    "404": [
      "order_not_found"
    ]
  },
  "createPayment": {
    "400": [
      "unknown_product"
    ],
    "404": [
      "order_not_found"
    ],
    "409": [
      "discount_code_already_used",
      "discount_code_used_up",
      "held_by_other_buyers",
      "order_expired",
      "order_not_payable",
      "out_of_stock",
      "payment_declined",
      "payment_not_approved"
    ],
    "502": [
      "paypal_error",
      "paypal_unreachable"
    ],
    "503": [
      "payments_not_configured"
    ]
  },
  "paypalCreateOrder": {
    "400": [
      "unknown_product"
    ],
    "404": [
      "order_not_found"
    ],
    "409": [
      "discount_code_already_used",
      "discount_code_used_up",
      "held_by_other_buyers",
      "order_expired",
      "order_not_payable",
      "out_of_stock",
      "payment_declined",
      "payment_not_approved"
    ],
    "502": [
      "paypal_error",
      "paypal_unreachable"
    ],
    "503": [
      "payments_not_configured"
    ]
  },
  "paypalCaptureOrder": {
    "400": [
      "unknown_product"
    ],
    "404": [
      "order_not_found"
    ],
    "409": [
      "conflict",
      "discount_code_already_used",
      "discount_code_used_up",
      "held_by_other_buyers",
      "order_mismatch",
      "order_not_payable",
      "out_of_keys",
      "out_of_stock",
      "payment_declined",
      "payment_not_approved",
      "payment_pending",
      "payment_refunded"
    ],
    "502": [
      "paypal_error",
      "paypal_unreachable"
    ],
    "503": [
      "payments_not_configured"
    ]
  },
  "paypalWebhook": {
    "400": [
      "unknown_product",
      "webhook_unverified"
    ],
    "404": [
      "order_not_found"
    ],
    "409": [
      "conflict",
      "discount_code_already_used",
      "discount_code_used_up",
      "held_by_other_buyers",
      "order_mismatch",
      "order_not_payable",
      "out_of_keys",
      "out_of_stock",
      "payment_declined",
      "payment_not_approved",
      "payment_pending",
      "payment_refunded"
    ],
    "502": [
      "paypal_error",
      "paypal_unreachable"
    ],
    "503": [
      "payments_not_configured"
    ]
  },
  "download": {
    "403": [
      "download_limit_reached",
      "invalid_download_link",
      "order_refunded"
    ],
    "404": [
      "download_not_found",
      "file_not_found"
    ],
    "416": [
      "range_not_satisfiable"
    ]
  },
  "previewDiscount": {
    "400": [
      "discount_code_invalid",
      "discount_code_min_order",
      "discount_code_not_applicable",
      "unknown_product"
    ],
    "409": [
      "discount_code_already_used"
    ]
  },
  "validateLicense": {
    "400": [
      "license_product_required"
    ],
    "429": [
      "too_many_requests"
    ]
  },
  "activateLicense": {
    "400": [
      "license_product_required"
    ],
    "404": [
      "license_not_found"
    ],
    "409": [
      "activation_limit_reached",
      "license_expired",
      "license_revoked",
      "license_suspended"
    ],
    "429": [
      "too_many_requests"
    ]
  },
  "deactivateLicense": {
    "400": [
      "license_product_required"
    ],
    "404": [
      "activation_not_found",
      "license_not_found"
    ],
    "409": [
      "license_revoked"
    ],
    "429": [
      "too_many_requests"
    ]
  },
  "adminStats": {},
  "adminRevenue": {},
  "adminLicenseKeyStock": {
    "404": [
      "product_not_found"
    ]
  },
  "adminAddLicenseKeys": {
    "404": [
      "product_not_found"
    ],
    "409": [
      "conflict"
    ]
  },
  "adminListProductFiles": {
    "404": [
      "product_not_found"
    ]
  },
  "adminUploadProductFile": {
    "400": [
      "malformed_multipart",
      "validation_error"
    ],
    "404": [
      "product_not_found"
    ],
    "409": [
      "conflict",
      "product_files_full"
    ],
    "413": [
      "payload_too_large",
      "too_many_files",
      "too_many_parts"
    ],
    "415": [
      "unsupported_media_type"
    ]
  },
  "adminDeleteProductFile": {
    "404": [
      "file_not_found"
    ]
  },
  "adminListProducts": {
    "400": [
      "validation_error"
    ]
  },
  "adminCreateProduct": {
    "400": [
      "billing_interval_required",
      "package_items_invalid",
      "package_member_invalid",
      "validation_error"
    ]
  },
  "adminUpdateProduct": {
    "400": [
      "billing_interval_required",
      "package_items_invalid",
      "package_member_invalid",
      "validation_error"
    ],
    "404": [
      "product_not_found"
    ],
    "409": [
      "product_in_package"
    ]
  },
  "adminDeleteProduct": {
    "404": [
      "product_not_found"
    ],
    "409": [
      "product_in_package"
    ]
  },
  "adminListOrders": {},
  "adminExportOrders": {},
  "adminDeliveryLog": {
    "404": [
      "order_not_found"
    ]
  },
  "adminSetOrderStatus": {
    "400": [
      "unknown_product"
    ],
    "404": [
      "order_not_found"
    ],
    "409": [
      "discount_code_already_used",
      "discount_code_used_up",
      "held_by_other_buyers",
      "invalid_status_change",
      "out_of_keys",
      "out_of_stock",
      "payment_in_progress"
    ]
  },
  "adminRefundOrder": {
    "404": [
      "order_not_found"
    ],
    "409": [
      "order_not_refundable",
      "payment_declined",
      "payment_not_approved",
      "refund_in_progress"
    ],
    "502": [
      "paypal_error",
      "paypal_unreachable"
    ],
    "503": [
      "payments_not_configured"
    ]
  },
  "adminListUsers": {},
  "adminUserCounts": {},
  "adminUserStats": {
    "404": [
      "user_not_found"
    ]
  },
  "adminSetUserActive": {
    "404": [
      "user_not_found"
    ],
    "409": [
      "cannot_deactivate_self"
    ]
  },
  "adminListReviews": {},
  "adminSetReviewHidden": {
    "404": [
      "review_not_found"
    ]
  },
  "adminListDiscounts": {},
  "adminCreateDiscount": {
    "400": [
      "validation_error"
    ],
    "409": [
      "discount_code_taken"
    ]
  },
  "adminUpdateDiscount": {
    "400": [
      "validation_error"
    ],
    "404": [
      "discount_code_not_found"
    ],
    "409": [
      "discount_code_in_use",
      "discount_code_taken"
    ]
  },
  "adminSetDiscountDisabled": {
    "404": [
      "discount_code_not_found"
    ]
  },
  "adminListDiscountUses": {
    "404": [
      "discount_code_not_found"
    ]
  },
  "adminGetSettings": {},
  "adminSystemStatus": {},
  "adminUpdateSettings": {
    "409": [
      "own_two_factor_required"
    ]
  },
  "adminTestCoingate": {},
  "adminTestEmail": {
    "400": [
      "smtp_host_not_allowed"
    ],
    "409": [
      "smtp_not_configured"
    ],
    "502": [
      "smtp_failed"
    ]
  },
  "adminListAudit": {
    "400": [
      "validation_error"
    ]
  },
  "adminListApiKeys": {},
  "adminCreateApiKey": {
    "400": [
      "validation_error"
    ]
  },
  "adminRevokeApiKey": {
    "404": [
      "api_key_not_found"
    ]
  },
  "adminListWebhooks": {},
  "adminCreateWebhook": {
    "400": [
      "validation_error",
      "webhook_url_not_allowed"
    ],
    "404": [
      "webhook_not_found"
    ]
  },
  "adminUpdateWebhook": {
    "400": [
      "validation_error",
      "webhook_url_not_allowed"
    ],
    "404": [
      "webhook_not_found"
    ]
  },
  "adminDeleteWebhook": {
    "404": [
      "webhook_not_found"
    ]
  },
  "adminListWebhookDeliveries": {
    "404": [
      "webhook_not_found"
    ]
  },
  "adminResendWebhookDelivery": {
    "404": [
      "webhook_not_found"
    ]
  },
  "adminTestWebhook": {
    "404": [
      "webhook_not_found"
    ]
  },
  "createSubscription": {
    "404": [
      "product_not_found"
    ],
    "409": [
      "not_a_subscription",
      "payment_declined",
      "payment_not_approved",
      "subscription_exists"
    ],
    "502": [
      "paypal_error",
      "paypal_unreachable"
    ],
    "503": [
      "payments_not_configured"
    ]
  },
  "listMySubscriptions": {
    "503": [
      "payments_not_configured"
    ]
  },
  "getMySubscription": {
    "404": [
      "subscription_not_found"
    ],
    "503": [
      "payments_not_configured"
    ]
  },
  "confirmSubscription": {
    "404": [
      "subscription_not_found"
    ],
    "409": [
      "payment_declined",
      "payment_not_approved"
    ],
    "502": [
      "paypal_error",
      "paypal_unreachable"
    ],
    "503": [
      "payments_not_configured"
    ]
  },
  "cancelMySubscription": {
    "404": [
      "subscription_not_found"
    ],
    "409": [
      "payment_declined",
      "payment_not_approved",
      "subscription_not_cancellable"
    ],
    "502": [
      "paypal_error",
      "paypal_unreachable"
    ],
    "503": [
      "payments_not_configured"
    ]
  },
  "downloadSubscriptionFile": {
    "403": [
      "download_limit_reached",
      "invalid_download_link",
      "subscription_inactive"
    ],
    "404": [
      "download_not_found",
      "file_not_found"
    ],
    "416": [
      "range_not_satisfiable"
    ]
  },
  "adminListSubscriptions": {
    "503": [
      "payments_not_configured"
    ]
  },
  "adminGetSubscription": {
    "404": [
      "subscription_not_found"
    ],
    "503": [
      "payments_not_configured"
    ]
  },
  "adminCancelSubscription": {
    "404": [
      "subscription_not_found"
    ],
    "409": [
      "payment_declined",
      "payment_not_approved",
      "subscription_not_cancellable"
    ],
    "502": [
      "paypal_error",
      "paypal_unreachable"
    ],
    "503": [
      "payments_not_configured"
    ]
  },
  "adminRefundSubscriptionPayment": {
    "404": [
      "subscription_not_found"
    ],
    "409": [
      "payment_declined",
      "payment_not_approved",
      "payment_not_refundable",
      "refund_in_progress",
      "subscription_not_cancellable"
    ],
    "502": [
      "paypal_error",
      "paypal_unreachable"
    ],
    "503": [
      "payments_not_configured"
    ]
  }
};
