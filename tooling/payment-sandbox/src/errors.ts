import { newDebugId } from './ids.ts';

/** A HATEOAS link, as in every PayPal answer. */
export interface Link {
  href: string;
  rel: string;
  method?: string;
}

/** One entry of an error's `details`. */
export interface ErrorDetail {
  field?: string;
  value?: string;
  location?: 'body' | 'header' | 'path' | 'query';
  issue: string;
  description: string;
}

/** PayPal's error body on every REST call. */
export interface PayPalErrorBody {
  name: string;
  message: string;
  debug_id: string;
  details: ErrorDetail[];
  links: Link[];
}

const MESSAGES: Record<string, string> = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  AUTHENTICATION_FAILURE: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  UNPROCESSABLE_ENTITY: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  UNSUPPORTED_MEDIA_TYPE: 'The server does not support the request payload media type.',
  INTERNAL_SERVER_ERROR: 'An internal server error has occurred.',
};

const DESCRIPTIONS: Record<string, string> = {
  MISSING_REQUIRED_PARAMETER: 'A required field / parameter is missing.',
  INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  INVALID_STRING_MIN_LENGTH: 'The value of a field is too short.',
  INVALID_STRING_MAX_LENGTH: 'The value of a field is too long.',
  INVALID_ARRAY_MIN_ITEMS: 'The number of items in an array parameter is too small.',
  INVALID_ARRAY_MAX_ITEMS: 'The number of items in an array parameter is too large.',
  MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
  INVALID_RESOURCE_ID: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  DECIMAL_PRECISION: 'If the currency supports decimals, only two decimal place precision is supported.',
  DECIMALS_NOT_SUPPORTED: 'Currency does not support decimals.',
  CURRENCY_NOT_SUPPORTED: 'Currency code is not currently supported.',
  MULTI_CURRENCY_ORDER:
    'Multiple differing values of currency_code are not supported. Entire Order request must have the same currency_code.',
  CANNOT_BE_ZERO_OR_NEGATIVE:
    'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
  CANNOT_BE_NEGATIVE:
    'Must be greater than or equal to 0. If the currency supports decimals, only two decimal place precision is supported.',
  ITEM_TOTAL_REQUIRED:
    'If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.',
  ITEM_TOTAL_MISMATCH: 'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.',
  AMOUNT_MISMATCH: 'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
  DUPLICATE_INVOICE_ID:
    'Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction.',
  REFERENCE_ID_REQUIRED: "'reference_id' is required for each 'purchase_unit' if multiple 'purchase_unit' are provided.",
  DUPLICATE_REFERENCE_ID: "'reference_id' must be unique if multiple 'purchase_unit' are provided.",
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
  ORDER_ALREADY_CAPTURED: "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.",
  INSTRUMENT_DECLINED: "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
  TRANSACTION_REFUSED: 'The request was refused.',
  PAYER_ACTION_REQUIRED: 'Payer needs to perform the following action before proceeding with payment.',
  MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED: 'You have exceeded the maximum number of payment attempts.',
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded.',
  REFUND_AMOUNT_EXCEEDED: 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
  CURRENCY_MISMATCH: 'The currency of the refund must be the same as the currency of the capture.',
  PENDING_CAPTURE: 'Cannot initiate a refund as the capture is pending.',
};

/** A PayPal-shaped failure: thrown by the routes, answered by the plugin's error handler. */
export class PayPalApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorName: string,
    readonly details: ErrorDetail[],
    readonly links: Link[] = [],
  ) {
    super(MESSAGES[errorName] ?? errorName);
    this.name = 'PayPalApiError';
  }

  toBody(): PayPalErrorBody | PayPalV1ErrorBody {
    return { name: this.errorName, message: this.message, debug_id: newDebugId(), details: this.details, links: this.links };
  }
}

/** The error body of PayPal's older v1 payments API (`/v1/payments/sale/...`). */
export interface PayPalV1ErrorBody {
  name: string;
  message: string;
  information_link: string;
  debug_id: string;
}

/** A failure of the v1 payments API, answered in its own shape. */
export class PayPalV1Error extends PayPalApiError {
  constructor(statusCode: number, errorName: string, message: string) {
    super(statusCode, errorName, []);
    this.message = message;
  }

  override toBody(): PayPalV1ErrorBody {
    return {
      name: this.errorName,
      message: this.message,
      information_link: `https://developer.paypal.com/docs/api/payments/v1/#error-${this.errorName}`,
      debug_id: newDebugId(),
    };
  }
}

/** A detail with PayPal's description of the issue (or the one given). */
export function issue(code: string, where: Omit<ErrorDetail, 'issue' | 'description'> = {}, description?: string): ErrorDetail {
  return { ...where, issue: code, description: description ?? DESCRIPTIONS[code] ?? code };
}

export const invalidRequest = (details: ErrorDetail[]): PayPalApiError => new PayPalApiError(400, 'INVALID_REQUEST', details);

export const unprocessable = (details: ErrorDetail[], links: Link[] = []): PayPalApiError =>
  new PayPalApiError(422, 'UNPROCESSABLE_ENTITY', details, links);

export const authenticationFailure = (): PayPalApiError => new PayPalApiError(401, 'AUTHENTICATION_FAILURE', []);

export const resourceNotFound = (id: string, field = 'id'): PayPalApiError =>
  new PayPalApiError(404, 'RESOURCE_NOT_FOUND', [issue('INVALID_RESOURCE_ID', { field, value: id, location: 'path' })]);

export const malformedJson = (): PayPalApiError => invalidRequest([issue('MALFORMED_REQUEST_JSON', { location: 'body' })]);

/** Any other error (Fastify's own, or a bug) as a PayPal error body. */
export function toPayPalError(error: unknown): PayPalApiError {
  if (error instanceof PayPalApiError) return error;
  const { code, statusCode } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY') return malformedJson();
  const status = typeof statusCode === 'number' ? statusCode : 500;
  if (status === 415) return new PayPalApiError(415, 'UNSUPPORTED_MEDIA_TYPE', []);
  if (status >= 400 && status < 500) return new PayPalApiError(status, 'INVALID_REQUEST', []);
  return new PayPalApiError(500, 'INTERNAL_SERVER_ERROR', []);
}
