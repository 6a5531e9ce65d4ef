import type { Order } from '@store/contracts';

const PAYMENT_METHOD_LABELS: Record<Order['payment_method'], string> = {
  paypal: 'PayPal',
  crypto: 'Crypto',
  card: 'Card',
  manual: 'Manual',
  free: 'Free',
};

export function paymentMethodLabel(method: string): string {
  return PAYMENT_METHOD_LABELS[method as Order['payment_method']] ?? method;
}
