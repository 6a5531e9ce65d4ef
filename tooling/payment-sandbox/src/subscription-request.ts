import type { Subscriber, SubscriptionContext } from './billing-types.ts';
import { type Json, Problems, isObject, readInteger, readObject, readString } from './body-reader.ts';
import { invalidRequest, issue, malformedJson } from './errors.ts';

/** The bodies and queries of the Subscriptions API, checked the way PayPal checks them (400 with every issue). */

export interface SubscriptionRequest {
  plan_id: string;
  custom_id?: string;
  /** Epoch milliseconds, when given. */
  startTime?: number;
  quantity?: string;
  subscriber?: Subscriber;
  context: SubscriptionContext;
}

const QUANTITY = /^([0-9]+|([0-9]+)?[.][0-9]+)$/;
/** RFC 3339 date-time, as PayPal's `start_time`, `end_time`. */
const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

function bodyObject(body: unknown): Json {
  if (body === undefined) return {};
  if (!isObject(body)) throw malformedJson();
  return body;
}

const defined = <T extends object>(record: T): T =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;

function readSubscriber(problems: Problems, json: Json): Subscriber | undefined {
  const subscriber = readObject(problems, json, 'subscriber', '');
  if (!subscriber) return undefined;
  const email = readString(problems, subscriber, 'email_address', '/subscriber', { min: 3, max: 254, pattern: /^[^@\s]+@[^@\s]+$/ });
  const name = readObject(problems, subscriber, 'name', '/subscriber');
  const givenName = name ? readString(problems, name, 'given_name', '/subscriber/name', { max: 140 }) : undefined;
  const surname = name ? readString(problems, name, 'surname', '/subscriber/name', { max: 140 }) : undefined;
  return defined({ email_address: email, name: name ? defined({ given_name: givenName, surname }) : undefined });
}

function readContext(problems: Problems, json: Json): SubscriptionContext {
  const context = readObject(problems, json, 'application_context', '');
  if (!context) return {};
  const path = '/application_context';
  return defined({
    brand_name: readString(problems, context, 'brand_name', path, { min: 1, max: 127 }),
    locale: readString(problems, context, 'locale', path, { min: 2, max: 10 }),
    shipping_preference: readString(problems, context, 'shipping_preference', path, {
      oneOf: ['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS'],
    }),
    user_action: readString(problems, context, 'user_action', path, { oneOf: ['CONTINUE', 'SUBSCRIBE_NOW'] }),
    return_url: readString(problems, context, 'return_url', path, { min: 10, max: 4000, url: true }),
    cancel_url: readString(problems, context, 'cancel_url', path, { min: 10, max: 4000, url: true }),
  });
}

export function parseSubscriptionRequest(body: unknown): SubscriptionRequest {
  const json = bodyObject(body);
  const problems = new Problems();
  const planId = readString(problems, json, 'plan_id', '', { required: true, min: 3, max: 50 });
  const customId = readString(problems, json, 'custom_id', '', { min: 1, max: 127 });
  const startTime = readString(problems, json, 'start_time', '', { pattern: DATE_TIME });
  const quantity = readString(problems, json, 'quantity', '', { min: 1, max: 32, pattern: QUANTITY });
  const subscriber = readSubscriber(problems, json);
  const context = readContext(problems, json);
  if (problems.any || planId === undefined) throw invalidRequest(problems.details);
  return defined({
    plan_id: planId,
    custom_id: customId,
    startTime: startTime === undefined ? undefined : Date.parse(startTime),
    quantity,
    subscriber,
    context,
  });
}

/** `{ reason }` of cancel, suspend and activate: 1 to 128 characters, required except for activate. */
export function parseReason(body: unknown, required: boolean): string {
  const json = bodyObject(body);
  const problems = new Problems();
  const reason = readString(problems, json, 'reason', '', { required, min: 1, max: 128 });
  if (problems.any) throw invalidRequest(problems.details);
  return reason ?? 'Reactivating the subscription';
}

/** The sandbox-only `{ times? }` of simulate-payment-failure. */
export function parseFailureRequest(body: unknown): number | undefined {
  const json = bodyObject(body);
  const problems = new Problems();
  const times = readInteger(problems, json, 'times', '', { min: 1, max: 99 });
  if (problems.any) throw invalidRequest(problems.details);
  return times;
}

/** `{ days }` of the test clock: 1 to 3660 (ten years). */
export function parseAdvanceRequest(body: unknown): number {
  const json = bodyObject(body);
  const problems = new Problems();
  const days = readInteger(problems, json, 'days', '', { required: true, min: 1, max: 3660 });
  if (problems.any || days === undefined) throw invalidRequest(problems.details);
  return days;
}

/** `start_time` and `end_time` of the transactions list: both required. */
export function parseTransactionWindow(query: Record<string, unknown>): { start: number; end: number } {
  const details = (['start_time', 'end_time'] as const).flatMap((field) => {
    const value = query[field];
    if (value === undefined) return [issue('MISSING_REQUIRED_PARAMETER', { field, location: 'query' })];
    if (typeof value !== 'string' || !DATE_TIME.test(value)) {
      return [issue('INVALID_PARAMETER_SYNTAX', { field, ...(typeof value === 'string' ? { value } : {}), location: 'query' })];
    }
    return [];
  });
  if (details.length > 0) throw invalidRequest(details);
  return { start: Date.parse(String(query.start_time)), end: Date.parse(String(query.end_time)) };
}
