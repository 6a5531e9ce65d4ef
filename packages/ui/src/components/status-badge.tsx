import { ORDER_STATUSES, type StatusTone } from '@store/contracts';
import { Badge } from './badge.tsx';

/** The tone and label of an order status (spec section 4); an unknown status is grey with its own text. */
export function statusAppearance(status: string): { tone: StatusTone; label: string } {
  const known = ORDER_STATUSES.find((item) => item.value === status);
  return known ? { tone: known.tone, label: known.label } : { tone: 'gray', label: status };
}

export interface StatusBadgeProps {
  status: string;
  className?: string;
}

export function StatusBadge({ status, className }: StatusBadgeProps) {
  const { tone, label } = statusAppearance(status);
  return (
    <Badge tone={tone} className={className}>
      {label}
    </Badge>
  );
}
