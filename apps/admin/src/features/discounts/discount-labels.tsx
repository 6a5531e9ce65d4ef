import { DISCOUNT_STATUSES, formatUsd, labelOf, type DiscountCode, type DiscountStatus } from '@store/contracts';
import { Badge } from '@store/ui';

/** 'Active', 'Used up'...: where a code stands now, in its tone. */
export function DiscountStatusBadge({ status }: { status: DiscountStatus }) {
  const tone = DISCOUNT_STATUSES.find((entry) => entry.value === status)?.tone ?? 'gray';
  return <Badge tone={tone}>{labelOf(DISCOUNT_STATUSES, status)}</Badge>;
}

/** '15% off' or '$5.00 off'. */
export function discountValueText(code: Pick<DiscountCode, 'kind' | 'value'>): string {
  return code.kind === 'percent' ? `${code.value}% off` : `${formatUsd(code.value)} off`;
}

/** Uses against the limit: '3 / 10', or '3 / ∞' without one. */
export function usesText(code: Pick<DiscountCode, 'uses' | 'max_uses'>): string {
  return `${code.uses} / ${code.max_uses ?? '∞'}`;
}
