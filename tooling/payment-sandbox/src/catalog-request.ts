import type {
  BillingCycle,
  CatalogProduct,
  IntervalUnit,
  PaymentPreferences,
  PlanStatus,
  ProductType,
  TenureType,
} from './billing-types.ts';
import { type Json, Problems, isObject, readBoolean, readInteger, readMoney, readObject, readString } from './body-reader.ts';
import { invalidRequest, malformedJson, unprocessable } from './errors.ts';
import { type Money, SUPPORTED_CURRENCIES, currencyDecimals, fractionDigits, toMinorUnits } from './money.ts';

/** The bodies of create-product, product PATCH and create-plan, checked the way PayPal checks them. */

export const PRODUCT_TYPES: readonly ProductType[] = ['PHYSICAL', 'DIGITAL', 'SERVICE'];
const PLAN_STATUSES: readonly PlanStatus[] = ['CREATED', 'ACTIVE', 'INACTIVE'];
const INTERVAL_UNITS: readonly IntervalUnit[] = ['DAY', 'WEEK', 'MONTH', 'YEAR'];
const TENURE_TYPES: readonly TenureType[] = ['TRIAL', 'REGULAR'];
/** PayPal's longest interval per unit: a year in each. */
const MAX_INTERVAL_COUNT: Record<IntervalUnit, number> = { DAY: 365, WEEK: 52, MONTH: 12, YEAR: 1 };
const CATEGORY = /^[A-Z_]+$/;
const RESOURCE_ID = /^[A-Za-z0-9_-]+$/;

/** A product as asked for: what the sandbox keeps, less what it adds; `id` only when the merchant picks it. */
export type ProductRequest = Omit<CatalogProduct, 'id' | 'clientId' | 'create_time' | 'update_time'> & { id?: string };

const defined = <T extends object>(record: T): T =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;

function bodyObject(body: unknown): Json {
  if (body === undefined) return {};
  if (!isObject(body)) throw malformedJson();
  return body;
}

export function parseProductRequest(body: unknown): ProductRequest {
  const json = bodyObject(body);
  const problems = new Problems();
  const id = readString(problems, json, 'id', '', { min: 6, max: 50, pattern: RESOURCE_ID });
  const name = readString(problems, json, 'name', '', { required: true, min: 1, max: 127 });
  const type = readString(problems, json, 'type', '', { required: true, oneOf: PRODUCT_TYPES }) as ProductType | undefined;
  const description = readString(problems, json, 'description', '', { min: 1, max: 256 });
  const category = readString(problems, json, 'category', '', { min: 4, max: 256, pattern: CATEGORY });
  const imageUrl = readString(problems, json, 'image_url', '', { min: 1, max: 2000, url: true });
  const homeUrl = readString(problems, json, 'home_url', '', { min: 1, max: 2000, url: true });
  if (problems.any || name === undefined || type === undefined) throw invalidRequest(problems.details);
  return defined({ id, name, type, description, category, image_url: imageUrl, home_url: homeUrl });
}

/** The fields a product PATCH may change, with their rules. */
const PATCHABLE: Record<string, { max: number; pattern?: RegExp; url?: boolean }> = {
  description: { max: 256 },
  category: { max: 256, pattern: CATEGORY },
  image_url: { max: 2000, url: true },
  home_url: { max: 2000, url: true },
};

export interface PatchOperation {
  op: 'add' | 'replace' | 'remove';
  field: string;
  value?: string;
}

/** A JSON Patch array on /description, /category, /image_url or /home_url. */
export function parseProductPatch(body: unknown): PatchOperation[] {
  if (!Array.isArray(body)) throw malformedJson();
  const problems = new Problems();
  const operations: PatchOperation[] = [];
  body.forEach((entry: unknown, index) => {
    const path = `/${index}`;
    if (!isObject(entry)) return problems.add('INVALID_PARAMETER_SYNTAX', path);
    const op = readString(problems, entry, 'op', path, { required: true, oneOf: ['add', 'replace', 'remove'] }) as
      PatchOperation['op'] | undefined;
    const target = readString(problems, entry, 'path', path, { required: true });
    const field = target?.replace(/^\//, '');
    const rule = field === undefined ? undefined : PATCHABLE[field];
    if (target !== undefined && rule === undefined) {
      return problems.add(
        'INVALID_PARAMETER_VALUE',
        `${path}/path`,
        target,
        `Only ${Object.keys(PATCHABLE)
          .map((key) => `/${key}`)
          .join(', ')} can be changed.`,
      );
    }
    if (op === undefined || field === undefined || rule === undefined) return;
    if (op === 'remove') return void operations.push({ op, field });
    const value = readString(problems, entry, 'value', path, { required: true, min: 1, ...rule });
    if (value !== undefined) operations.push({ op, field, value });
  });
  if (problems.any) throw invalidRequest(problems.details);
  return operations;
}

export interface PlanRequest {
  product_id: string;
  name: string;
  status: PlanStatus;
  description?: string;
  billing_cycles: RequestedCycle[];
  payment_preferences: PaymentPreferences;
}

export interface RequestedCycle extends Omit<BillingCycle, 'pricing_scheme'> {
  fixed_price?: Money;
}

function readCycle(problems: Problems, cycle: Json, path: string): RequestedCycle | undefined {
  const frequency = readObject(problems, cycle, 'frequency', path, true);
  const unit = frequency
    ? (readString(problems, frequency, 'interval_unit', `${path}/frequency`, { required: true, oneOf: INTERVAL_UNITS }) as
        IntervalUnit | undefined)
    : undefined;
  const count = frequency
    ? readInteger(problems, frequency, 'interval_count', `${path}/frequency`, { min: 1, max: unit ? MAX_INTERVAL_COUNT[unit] : 365 })
    : undefined;
  const tenure = readString(problems, cycle, 'tenure_type', path, { required: true, oneOf: TENURE_TYPES }) as TenureType | undefined;
  const sequence = readInteger(problems, cycle, 'sequence', path, { required: true, min: 1, max: 99 });
  const totalCycles = readInteger(problems, cycle, 'total_cycles', path, { min: 0, max: 999 }) ?? 1;
  const scheme = readObject(problems, cycle, 'pricing_scheme', path, tenure === 'REGULAR');
  const fixedPrice = scheme ? readMoney(problems, scheme, 'fixed_price', `${path}/pricing_scheme`, true) : undefined;
  if (tenure === 'TRIAL' && totalCycles === 0)
    problems.add('INVALID_PARAMETER_VALUE', `${path}/total_cycles`, 0, 'A trial cycle must end: total_cycles 1 to 999.');
  if (!unit || !tenure || sequence === undefined) return undefined;
  return {
    frequency: { interval_unit: unit, interval_count: count ?? 1 },
    tenure_type: tenure,
    sequence,
    total_cycles: totalCycles,
    ...(fixedPrice ? { fixed_price: fixedPrice } : {}),
  };
}

function readCycles(problems: Problems, json: Json): RequestedCycle[] {
  const cycles = json.billing_cycles;
  if (cycles === undefined || cycles === null) return (problems.add('MISSING_REQUIRED_PARAMETER', '/billing_cycles'), []);
  if (!Array.isArray(cycles)) return (problems.add('INVALID_PARAMETER_SYNTAX', '/billing_cycles'), []);
  if (cycles.length === 0) return (problems.add('INVALID_ARRAY_MIN_ITEMS', '/billing_cycles'), []);
  if (cycles.length > 12) return (problems.add('INVALID_ARRAY_MAX_ITEMS', '/billing_cycles'), []);
  const read: RequestedCycle[] = [];
  cycles.forEach((cycle: unknown, index) => {
    const path = `/billing_cycles/${index}`;
    if (!isObject(cycle)) return problems.add('INVALID_PARAMETER_SYNTAX', path);
    const requested = readCycle(problems, cycle, path);
    if (requested) read.push(requested);
  });
  return read;
}

function readPreferences(problems: Problems, json: Json): PaymentPreferences {
  const preferences = readObject(problems, json, 'payment_preferences', '') ?? {};
  const path = '/payment_preferences';
  const setupFee = readMoney(problems, preferences, 'setup_fee', path);
  const failureAction = readString(problems, preferences, 'setup_fee_failure_action', path, { oneOf: ['CONTINUE', 'CANCEL'] }) as
    PaymentPreferences['setup_fee_failure_action'] | undefined;
  // PayPal's defaults: bill the balance with the next cycle, cancel when the setup fee fails, never suspend (0).
  return {
    auto_bill_outstanding: readBoolean(problems, preferences, 'auto_bill_outstanding', path) ?? true,
    setup_fee_failure_action: failureAction ?? 'CANCEL',
    payment_failure_threshold: readInteger(problems, preferences, 'payment_failure_threshold', path, { min: 0, max: 999 }) ?? 0,
    ...(setupFee ? { setup_fee: setupFee } : {}),
  };
}

/** The order rules of billing cycles: sequences 1, 2, 3…; at most two trials, before the one regular cycle. */
function checkCycleOrder(problems: Problems, cycles: RequestedCycle[]): void {
  const sorted = [...cycles].sort((a, b) => a.sequence - b.sequence);
  sorted.forEach((cycle, index) => {
    if (cycle.sequence !== index + 1)
      problems.add(
        'INVALID_PARAMETER_VALUE',
        `/billing_cycles/${cycles.indexOf(cycle)}/sequence`,
        cycle.sequence,
        'Sequences must run 1, 2, 3… without gaps or repeats.',
      );
  });
  const regular = sorted.filter((cycle) => cycle.tenure_type === 'REGULAR');
  if (regular.length !== 1)
    problems.add('INVALID_PARAMETER_VALUE', '/billing_cycles', undefined, 'A plan has exactly one REGULAR billing cycle.');
  if (sorted.length - regular.length > 2)
    problems.add('INVALID_PARAMETER_VALUE', '/billing_cycles', undefined, 'A plan has at most two TRIAL billing cycles.');
  if (sorted.at(-1)?.tenure_type !== 'REGULAR')
    problems.add('INVALID_PARAMETER_VALUE', '/billing_cycles', undefined, 'TRIAL billing cycles come before the REGULAR one.');
}

/** Currencies and amounts: answered 422, like the orders' amounts; every price in one currency. */
function checkPrices(cycles: RequestedCycle[], setupFee: Money | undefined): void {
  const problems = new Problems();
  const prices: { money: Money; field: string }[] = cycles.flatMap((cycle, index) =>
    cycle.fixed_price ? [{ money: cycle.fixed_price, field: `/billing_cycles/${index}/pricing_scheme/fixed_price` }] : [],
  );
  if (setupFee) prices.push({ money: setupFee, field: '/payment_preferences/setup_fee' });
  for (const { money, field } of prices) {
    if (!SUPPORTED_CURRENCIES.has(money.currency_code))
      problems.add('CURRENCY_NOT_SUPPORTED', `${field}/currency_code`, money.currency_code);
    else if (fractionDigits(money.value) > currencyDecimals(money.currency_code))
      problems.add('DECIMAL_PRECISION', `${field}/value`, money.value);
    else if (toMinorUnits(money.value, money.currency_code) < 0n) problems.add('CANNOT_BE_NEGATIVE', `${field}/value`, money.value);
  }
  const currency = prices[0]?.money.currency_code;
  const foreign = prices.find(({ money }) => money.currency_code !== currency);
  if (foreign)
    problems.add(
      'CURRENCY_MISMATCH',
      `${foreign.field}/currency_code`,
      foreign.money.currency_code,
      'Every price of a plan must be in the same currency.',
    );
  if (problems.any) throw unprocessable(problems.details);
}

export function parsePlanRequest(body: unknown): PlanRequest {
  const json = bodyObject(body);
  const problems = new Problems();
  const productId = readString(problems, json, 'product_id', '', { required: true, min: 6, max: 50 });
  const name = readString(problems, json, 'name', '', { required: true, min: 1, max: 127 });
  const status = (readString(problems, json, 'status', '', { oneOf: PLAN_STATUSES }) as PlanStatus | undefined) ?? 'ACTIVE';
  const description = readString(problems, json, 'description', '', { min: 1, max: 127 });
  const cycles = readCycles(problems, json);
  const preferences = readPreferences(problems, json);
  if (!problems.any) checkCycleOrder(problems, cycles);
  if (problems.any || productId === undefined || name === undefined) throw invalidRequest(problems.details);
  checkPrices(cycles, preferences.setup_fee);
  return defined({
    product_id: productId,
    name,
    status,
    description,
    billing_cycles: cycles.sort((a, b) => a.sequence - b.sequence),
    payment_preferences: preferences,
  });
}
