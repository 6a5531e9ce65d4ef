import { formatUsd, formatUsdShort } from '@store/contracts';

export interface PriceProps {
  /** US dollars, as the API answers them. */
  amount: number;
  /** Always two decimals, as on the guest and order pages; elsewhere whole amounts drop them (spec section 9). */
  cents?: boolean;
  className?: string;
}

/** A price in USD. */
export function Price({ amount, cents = false, className }: PriceProps) {
  return (
    <span className={className} data-amount={amount.toFixed(2)}>
      {cents ? formatUsd(amount) : formatUsdShort(amount)}
    </span>
  );
}
