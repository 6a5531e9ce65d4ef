/** Dollars (the contract's unit) to integer cents (the unit of storage and arithmetic). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Integer cents to dollars, as the API answers them. */
export function toDollars(cents: number): number {
  return cents / 100;
}

/** True when the amount has at most two decimals (19.99 yes, 19.999 no), tolerating float noise. */
export function hasWholeCents(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** `$1,234.50`: two decimals, as on the guest pages. */
export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}

/** `$1,235`: no decimals, as in most places (spec section 9). */
export function formatUsdWhole(dollars: number): string {
  return usdWhole.format(dollars);
}

/**
 * `$49` for a whole amount, `$49.99` otherwise: the shop's short form. "No decimals" (spec section 9)
 * never rounds away cents the buyer pays; see docs/decisions/013-storefront.md.
 */
export function formatUsdShort(dollars: number): string {
  return hasWholeCents(dollars) && Math.round(dollars * 100) % 100 === 0 ? usdWhole.format(dollars) : usd.format(dollars);
}
