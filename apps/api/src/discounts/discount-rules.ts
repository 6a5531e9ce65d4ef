import { formatUsd, toDollars, type DiscountKind, type DiscountStatus } from '@store/contracts';
import { badRequest, conflict } from '../errors.ts';

/*
 * The rules of a discount code as plain functions (docs/decisions/028-discount-codes.md): which lines it
 * covers, what it takes off, and why it is refused. The repository feeds them the code's row and its use
 * counts, read under the code's row lock when an order is placed.
 */

/** What the rules read of a code. */
export interface CodeRules {
  kind: DiscountKind;
  /** A whole percentage, or cents. */
  value: number;
  min_order_cents: number | null;
  starts_at: Date | null;
  ends_at: Date | null;
  max_uses: number | null;
  max_uses_per_buyer: number | null;
  product_ids: readonly string[];
  categories: readonly string[];
  disabled_at: Date | null;
}

/** An order line priced by the server. */
export interface PricedLine {
  product_id: string;
  category: string;
  unit_price_cents: number;
  quantity: number;
}

/** How often a code was used: its uses in all and by this buyer (paid ones for a new order, held too at a payment start). */
export interface UseCounts {
  total: number;
  buyer: number;
}

/**
 * The one answer for a code that cannot be used by anyone now: unknown, disabled, not started, ended or used
 * up. Nothing tells them apart to a shopper (decision 036); staff see the code's status in the admin.
 */
export const invalidCode = () => badRequest('This discount code is not valid', 'discount_code_invalid');

/** `percent` of `cents`, rounded to the nearest cent, a half cent up: applied once to the covered lines' sum. */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

/** A line the code covers: every line when the code has no scope, else one of its products or categories. */
export function covers(rules: Pick<CodeRules, 'product_ids' | 'categories'>, line: Pick<PricedLine, 'product_id' | 'category'>): boolean {
  if (rules.product_ids.length === 0 && rules.categories.length === 0) return true;
  return rules.product_ids.includes(line.product_id) || rules.categories.includes(line.category);
}

/**
 * Whether the code may be used now by this buyer, whatever the lines, counting paid uses: one that nobody can
 * use now (disabled, not started, ended, used up) is answered as unknown; one this buyer has used up says so.
 * Throws the refusal.
 */
export function checkAvailable(rules: CodeRules, uses: UseCounts, now: Date): void {
  if (discountStatus(rules, uses.total, now) !== 'active') throw invalidCode();
  if (rules.max_uses_per_buyer !== null && uses.buyer >= rules.max_uses_per_buyer) {
    throw conflict(
      rules.max_uses_per_buyer === 1
        ? 'You have already used this discount code'
        : `You have already used this discount code ${rules.max_uses_per_buyer} times, as often as it allows`,
      'discount_code_already_used',
    );
  }
}

/**
 * The cents the code takes off these lines: a percentage of the covered lines' sum (rounded once, half up),
 * or the fixed amount capped at that sum. Refuses a code that covers no line, whose minimum the covered
 * lines do not reach, or that would take nothing off.
 */
export function discountCents(rules: CodeRules, lines: readonly PricedLine[]): { eligibleCents: number; amountCents: number } {
  const covered = lines.filter((line) => covers(rules, line));
  if (covered.length === 0) {
    throw badRequest('This discount code does not apply to any item in your order', 'discount_code_not_applicable');
  }
  const eligibleCents = covered.reduce((sum, line) => sum + line.unit_price_cents * line.quantity, 0);
  if (rules.min_order_cents !== null && eligibleCents < rules.min_order_cents) {
    const scoped = covered.length < lines.length || rules.product_ids.length > 0 || rules.categories.length > 0;
    throw badRequest(
      `This discount code needs an order of at least ${formatUsd(toDollars(rules.min_order_cents))}${scoped ? ' of the items it applies to' : ''}`,
      'discount_code_min_order',
    );
  }
  const amountCents = rules.kind === 'percent' ? percentOf(eligibleCents, rules.value) : Math.min(rules.value, eligibleCents);
  if (amountCents <= 0) {
    throw badRequest('This discount code takes nothing off the items it applies to', 'discount_code_not_applicable');
  }
  return { eligibleCents, amountCents };
}

/** Where a code stands now, for staff: disabled, expired, scheduled, used up, else active (in that order). */
export function discountStatus(rules: CodeRules, uses: number, now: Date): DiscountStatus {
  if (rules.disabled_at) return 'disabled';
  if (rules.ends_at && now >= rules.ends_at) return 'expired';
  if (rules.starts_at && now < rules.starts_at) return 'scheduled';
  if (rules.max_uses !== null && uses >= rules.max_uses) return 'used_up';
  return 'active';
}
