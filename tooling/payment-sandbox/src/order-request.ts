import { type Json, Problems, isObject, readMoney, readObject, readString } from './body-reader.ts';
import { invalidRequest, issue, unprocessable } from './errors.ts';
import { type Money, SUPPORTED_CURRENCIES, currencyDecimals, fractionDigits, toMinorUnits } from './money.ts';
import type { Amount, Breakdown, ExperienceContext, Item, ItemCategory, PurchaseUnit } from './state.ts';

/** A create-order body that passed PayPal's checks. */
export interface OrderRequest {
  purchaseUnits: Omit<PurchaseUnit, 'payee' | 'captures'>[];
  experience: ExperienceContext;
  approvalRel: 'payer-action' | 'approve';
}

const MAX_PURCHASE_UNITS = 10;
const QUANTITY_PATTERN = /^[1-9][0-9]{0,9}$/;
const ITEM_CATEGORIES: readonly ItemCategory[] = ['DIGITAL_GOODS', 'PHYSICAL_GOODS', 'DONATION'];
const SHIPPING_PREFERENCES = ['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS'] as const;
const USER_ACTIONS = ['CONTINUE', 'PAY_NOW'] as const;
/** The parts of `amount.breakdown`, with the sign they add to the amount. */
const BREAKDOWN_PARTS = [
  ['item_total', 1n],
  ['tax_total', 1n],
  ['shipping', 1n],
  ['handling', 1n],
  ['insurance', 1n],
  ['shipping_discount', -1n],
  ['discount', -1n],
] as const satisfies readonly (readonly [keyof Breakdown, bigint])[];

type RequestedUnit = OrderRequest['purchaseUnits'][number];

/** What pass 1 read, with whether each purchase unit named its own reference_id. */
interface ReadRequest {
  request: OrderRequest;
  namedReferences: boolean[];
}

/** Pass 1, answered 400: the body's shape, required fields, lengths, patterns and enums. */
function readOrderRequest(body: Json, problems: Problems): ReadRequest {
  readString(problems, body, 'intent', '', { required: true, oneOf: ['CAPTURE'] });
  const purchaseUnits: RequestedUnit[] = [];
  const namedReferences: boolean[] = [];
  const units = body.purchase_units;
  if (units === undefined || units === null) problems.add('MISSING_REQUIRED_PARAMETER', '/purchase_units');
  else if (!Array.isArray(units)) problems.add('INVALID_PARAMETER_SYNTAX', '/purchase_units');
  else if (units.length === 0) problems.add('INVALID_ARRAY_MIN_ITEMS', '/purchase_units');
  else if (units.length > MAX_PURCHASE_UNITS) problems.add('INVALID_ARRAY_MAX_ITEMS', '/purchase_units');
  else {
    units.forEach((unit: unknown, index) => {
      const unitPath = `/purchase_units/${index}`;
      if (!isObject(unit)) return problems.add('INVALID_PARAMETER_SYNTAX', unitPath);
      const read = readPurchaseUnit(problems, unit, unitPath);
      if (!read) return;
      purchaseUnits.push(read);
      namedReferences.push(unit.reference_id !== undefined && unit.reference_id !== null);
    });
  }

  const paymentSource = readObject(problems, body, 'payment_source', '');
  const paypal = paymentSource ? readObject(problems, paymentSource, 'paypal', '/payment_source') : undefined;
  if (paymentSource && !paypal) {
    problems.add('INVALID_PARAMETER_VALUE', '/payment_source', undefined, 'The payment sandbox supports payment_source.paypal only.');
  }
  const experienceContext = paypal ? readObject(problems, paypal, 'experience_context', '/payment_source/paypal') : undefined;
  const applicationContext = readObject(problems, body, 'application_context', '');
  const modern = experienceContext ? readExperience(problems, experienceContext, '/payment_source/paypal/experience_context') : {};
  const legacy = applicationContext ? readExperience(problems, applicationContext, '/application_context') : {};
  return {
    request: {
      purchaseUnits,
      experience: { ...legacy, ...modern },
      // PayPal answers PAYER_ACTION_REQUIRED as soon as the paypal payment source is named.
      approvalRel: paypal ? 'payer-action' : 'approve',
    },
    namedReferences,
  };
}

function readExperience(problems: Problems, context: Json, path: string): ExperienceContext {
  const experience: ExperienceContext = {
    return_url: readString(problems, context, 'return_url', path, { min: 10, max: 4000, url: true }),
    cancel_url: readString(problems, context, 'cancel_url', path, { min: 10, max: 4000, url: true }),
    brand_name: readString(problems, context, 'brand_name', path, { min: 1, max: 127 }),
    shipping_preference: readString(problems, context, 'shipping_preference', path, { oneOf: SHIPPING_PREFERENCES }),
    user_action: readString(problems, context, 'user_action', path, { oneOf: USER_ACTIONS }),
  };
  return Object.fromEntries(Object.entries(experience).filter(([, value]) => value !== undefined));
}

function readPurchaseUnit(problems: Problems, unit: Json, path: string): RequestedUnit | undefined {
  const referenceId = readString(problems, unit, 'reference_id', path, { min: 1, max: 256 });
  const description = readString(problems, unit, 'description', path, { min: 1, max: 127 });
  const customId = readString(problems, unit, 'custom_id', path, { min: 1, max: 127 });
  const invoiceId = readString(problems, unit, 'invoice_id', path, { min: 1, max: 127 });
  const softDescriptor = readString(problems, unit, 'soft_descriptor', path, { min: 1, max: 22 });
  const amount = readAmount(problems, unit, path);
  const items = readItems(problems, unit, path);
  if (!amount || items === null) return undefined;
  return {
    // PayPal names a lone purchase unit 'default'.
    reference_id: referenceId ?? 'default',
    ...(description === undefined ? {} : { description }),
    ...(customId === undefined ? {} : { custom_id: customId }),
    ...(invoiceId === undefined ? {} : { invoice_id: invoiceId }),
    ...(softDescriptor === undefined ? {} : { soft_descriptor: softDescriptor }),
    amount,
    ...(items === undefined ? {} : { items }),
  };
}

function readAmount(problems: Problems, unit: Json, path: string): Amount | undefined {
  const money = readMoney(problems, unit, 'amount', path, true);
  const amountObject = isObject(unit.amount) ? unit.amount : undefined;
  const breakdownObject = amountObject ? readObject(problems, amountObject, 'breakdown', `${path}/amount`) : undefined;
  let breakdown: Breakdown | undefined;
  if (breakdownObject) {
    breakdown = {};
    for (const [part] of BREAKDOWN_PARTS) {
      const partMoney = readMoney(problems, breakdownObject, part, `${path}/amount/breakdown`);
      if (partMoney) breakdown[part] = partMoney;
    }
  }
  if (!money) return undefined;
  return breakdown ? { ...money, breakdown } : money;
}

/** The items, undefined when there are none, null when they are unreadable. */
function readItems(problems: Problems, unit: Json, path: string): Item[] | undefined | null {
  const items = unit.items;
  if (items === undefined || items === null) return undefined;
  if (!Array.isArray(items)) {
    problems.add('INVALID_PARAMETER_SYNTAX', `${path}/items`);
    return null;
  }
  const read: Item[] = [];
  let complete = true;
  items.forEach((item: unknown, index) => {
    const itemPath = `${path}/items/${index}`;
    if (!isObject(item)) {
      complete = false;
      return problems.add('INVALID_PARAMETER_SYNTAX', itemPath);
    }
    const name = readString(problems, item, 'name', itemPath, { required: true, min: 1, max: 127 });
    const quantity = readString(problems, item, 'quantity', itemPath, { required: true, pattern: QUANTITY_PATTERN });
    const unitAmount = readMoney(problems, item, 'unit_amount', itemPath, true);
    const description = readString(problems, item, 'description', itemPath, { max: 127 });
    const sku = readString(problems, item, 'sku', itemPath, { max: 127 });
    const category = readString(problems, item, 'category', itemPath, { oneOf: ITEM_CATEGORIES }) as ItemCategory | undefined;
    if (name === undefined || quantity === undefined || !unitAmount) {
      complete = false;
      return;
    }
    read.push({
      name,
      unit_amount: unitAmount,
      quantity,
      ...(description === undefined ? {} : { description }),
      ...(sku === undefined ? {} : { sku }),
      ...(category === undefined ? {} : { category }),
    });
  });
  return complete ? read : null;
}

interface PlacedMoney {
  money: Money;
  field: string;
  /** The amount itself must be above zero, the other parts at least zero. */
  positive: boolean;
}

function moneyOf(units: RequestedUnit[]): PlacedMoney[] {
  return units.flatMap((unit, index) => {
    const path = `/purchase_units/${index}`;
    const placed: PlacedMoney[] = [{ money: unit.amount, field: `${path}/amount/value`, positive: true }];
    for (const [part] of BREAKDOWN_PARTS) {
      const money = unit.amount.breakdown?.[part];
      if (money) placed.push({ money, field: `${path}/amount/breakdown/${part}/value`, positive: false });
    }
    unit.items?.forEach((item, itemIndex) =>
      placed.push({ money: item.unit_amount, field: `${path}/items/${itemIndex}/unit_amount/value`, positive: false }),
    );
    return placed;
  });
}

/** Pass 2, answered 422: currencies, precision, signs, then the totals of every purchase unit. */
function checkBusinessRules({ request, namedReferences }: ReadRequest): void {
  const placed = moneyOf(request.purchaseUnits);
  const problems = new Problems();
  for (const { money, field, positive } of placed) {
    const currencyField = field.replace(/value$/, 'currency_code');
    if (!SUPPORTED_CURRENCIES.has(money.currency_code)) problems.add('CURRENCY_NOT_SUPPORTED', currencyField, money.currency_code);
    else if (fractionDigits(money.value) > currencyDecimals(money.currency_code)) {
      problems.add(currencyDecimals(money.currency_code) === 0 ? 'DECIMALS_NOT_SUPPORTED' : 'DECIMAL_PRECISION', field, money.value);
    } else {
      const units = toMinorUnits(money.value, money.currency_code);
      if (positive && units <= 0n) problems.add('CANNOT_BE_ZERO_OR_NEGATIVE', field, money.value);
      if (!positive && units < 0n) problems.add('CANNOT_BE_NEGATIVE', field, money.value);
    }
  }
  const currency = placed[0]?.money.currency_code;
  const foreign = placed.find(({ money }) => money.currency_code !== currency);
  if (foreign) problems.add('MULTI_CURRENCY_ORDER', foreign.field.replace(/value$/, 'currency_code'), foreign.money.currency_code);
  if (problems.any) throw unprocessable(problems.details);

  request.purchaseUnits.forEach((unit, index) => checkTotals(problems, unit, `/purchase_units/${index}`));
  checkReferences(problems, request.purchaseUnits, namedReferences);
  const seenInvoices = new Set<string>();
  request.purchaseUnits.forEach((unit, index) => {
    if (unit.invoice_id === undefined) return;
    if (seenInvoices.has(unit.invoice_id)) problems.add('DUPLICATE_INVOICE_ID', `/purchase_units/${index}/invoice_id`, unit.invoice_id);
    seenInvoices.add(unit.invoice_id);
  });
  if (problems.any) throw unprocessable(problems.details);
}

function checkTotals(problems: Problems, unit: RequestedUnit, path: string): void {
  const currency = unit.amount.currency_code;
  const cents = (money: Money): bigint => toMinorUnits(money.value, currency);
  const breakdown = unit.amount.breakdown;
  const itemTotal = breakdown?.item_total;
  if (unit.items && unit.items.length > 0) {
    if (!itemTotal) {
      problems.add('ITEM_TOTAL_REQUIRED', `${path}/amount/breakdown/item_total`);
      return;
    }
    const sum = unit.items.reduce((total, item) => total + cents(item.unit_amount) * BigInt(item.quantity), 0n);
    if (sum !== cents(itemTotal)) problems.add('ITEM_TOTAL_MISMATCH', `${path}/amount/breakdown/item_total/value`, itemTotal.value);
  }
  if (breakdown) {
    const total = BREAKDOWN_PARTS.reduce((sum, [part, sign]) => {
      const money = breakdown[part];
      return money ? sum + sign * cents(money) : sum;
    }, 0n);
    if (total !== cents(unit.amount)) problems.add('AMOUNT_MISMATCH', `${path}/amount/value`, unit.amount.value);
  }
}

function checkReferences(problems: Problems, units: RequestedUnit[], namedReferences: boolean[]): void {
  if (units.length < 2) return;
  const seen = new Set<string>();
  units.forEach((unit, index) => {
    const field = `/purchase_units/${index}/reference_id`;
    if (!namedReferences[index]) return problems.add('REFERENCE_ID_REQUIRED', field);
    if (seen.has(unit.reference_id)) problems.add('DUPLICATE_REFERENCE_ID', field, unit.reference_id);
    seen.add(unit.reference_id);
  });
}

/**
 * Checks a create-order body the way PayPal does: malformed fields answer 400 INVALID_REQUEST with every
 * issue listed, then amounts that do not add up answer 422 UNPROCESSABLE_ENTITY. Throws PayPalApiError.
 */
export function parseOrderRequest(body: unknown): OrderRequest {
  const problems = new Problems();
  if (body !== undefined && !isObject(body)) throw invalidRequest([issue('MALFORMED_REQUEST_JSON', { location: 'body' })]);
  const read = readOrderRequest(body ?? {}, problems);
  if (problems.any) throw invalidRequest(problems.details);
  checkBusinessRules(read);
  return read.request;
}
