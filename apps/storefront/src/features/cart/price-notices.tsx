import { Notice, Price } from '@store/ui';
import type { CartPriceRefresh } from './use-cart-price-refresh.ts';

/** What the price refresh found: changed prices and products that are gone, above the total they affect. */
export function PriceNotices({ refresh, cents = false }: { refresh: CartPriceRefresh; cents?: boolean }) {
  const { repriced, dropped, dismiss } = refresh;
  if (repriced.length === 0 && dropped.length === 0) return null;
  return (
    <Notice
      tone="warning"
      title={repriced.length > 0 ? 'Prices updated…' : 'Your cart changed'}
      dismissLabel="Dismiss cart notice"
      onDismiss={dismiss}
    >
      {repriced.length > 0 && (
        <>
          <p>Some prices changed since you added these items. The total below uses the current prices:</p>
          <ul>
            {repriced.map((line) => (
              <li key={line.id}>
                {line.title}: now <Price amount={line.to} cents={cents} /> (was <Price amount={line.from} cents={cents} />)
              </li>
            ))}
          </ul>
        </>
      )}
      {dropped.length > 0 && (
        <p>
          {dropped.length === 1
            ? `“${dropped[0]}” is no longer available and was removed from your cart.`
            : `These products are no longer available and were removed from your cart: ${dropped.map((title) => `“${title}”`).join(', ')}.`}
        </p>
      )}
    </Notice>
  );
}
