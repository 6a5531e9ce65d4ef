/** An amount as PayPal writes it: a currency code and a decimal string. */
export interface Money {
  currency_code: string;
  value: string;
}

/** The currencies PayPal's REST APIs accept. */
export const SUPPORTED_CURRENCIES: ReadonlySet<string> = new Set([
  'AUD',
  'BRL',
  'CAD',
  'CNY',
  'CZK',
  'DKK',
  'EUR',
  'HKD',
  'HUF',
  'ILS',
  'JPY',
  'MYR',
  'MXN',
  'TWD',
  'NZD',
  'NOK',
  'PHP',
  'PLN',
  'GBP',
  'SGD',
  'SEK',
  'CHF',
  'THB',
  'USD',
]);

/** PayPal takes no decimals for these. */
const ZERO_DECIMAL_CURRENCIES: ReadonlySet<string> = new Set(['HUF', 'JPY', 'TWD']);

/** PayPal's `value` pattern: an optional minus, digits, an optional fraction. */
export const MONEY_VALUE_PATTERN = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/;

export function currencyDecimals(currencyCode: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(currencyCode) ? 0 : 2;
}

/** The number of digits after the point in a value that matches MONEY_VALUE_PATTERN. */
export function fractionDigits(value: string): number {
  const point = value.indexOf('.');
  return point === -1 ? 0 : value.length - point - 1;
}

/**
 * A value in minor units (cents for USD) as an integer; the value must match MONEY_VALUE_PATTERN and
 * carry no more decimals than the currency allows.
 */
export function toMinorUnits(value: string, currencyCode: string): bigint {
  const decimals = currencyDecimals(currencyCode);
  const negative = value.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  if (fraction.length > decimals) throw new RangeError(`${value} has more than ${decimals} decimals`);
  const units = BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  return negative ? -units : units;
}

/** The decimal string of an amount in minor units: 1999n USD → '19.99'. */
export function fromMinorUnits(units: bigint, currencyCode: string): string {
  const decimals = currencyDecimals(currencyCode);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return negative ? `-${text}` : text;
}

/** For people: `$19.99` for USD, `€5.00` for EUR. */
export function formatMoney(money: Money): string {
  const units = toMinorUnits(money.value, money.currency_code);
  const decimals = currencyDecimals(money.currency_code);
  const formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: money.currency_code, minimumFractionDigits: decimals });
  // Display only: a float is exact enough for any amount PayPal accepts (at most 10 integer digits).
  return formatter.format(Number(units) / 10 ** decimals);
}
