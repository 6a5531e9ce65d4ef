import { isDiscountCodeText } from '@store/cart-core';
import { Button, Notice, TextField } from '@store/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cartStore, useCart } from './cart-store.ts';
import { DISCOUNT_MESSAGES, discountErrorMessage, discountPreviewQueryOptions, useCartDiscount } from './discount.ts';
import * as styles from './discount-code-field.css.ts';

/**
 * "Discount code" with Apply and Remove: Apply asks the server's preview and keeps the code only when it
 * applies, showing the server's reason otherwise; a kept code that stops applying (the cart changed) says why.
 */
export function DiscountCodeField() {
  const discount = useCartDiscount();
  const items = useCart((state) => state.items);
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);

  async function apply() {
    if (applying) return;
    const code = text.trim().toUpperCase();
    if (!isDiscountCodeText(code)) {
      setError(DISCOUNT_MESSAGES.format);
      return;
    }
    setApplying(true);
    setError(null);
    try {
      const options = discountPreviewQueryOptions(code, items);
      await queryClient.fetchQuery(options);
      cartStore.getState().setDiscountCode(code);
      setText('');
    } catch (caught) {
      setError(discountErrorMessage(caught));
    } finally {
      setApplying(false);
    }
  }

  if (discount.code) {
    return (
      <div className={styles.applied}>
        <div className={styles.appliedRow}>
          <span>
            Code <strong data-testid="discount-code">{discount.code}</strong> {discount.error ? 'does not apply' : 'applied'}
          </span>
          <Button variant="ghost" size="sm" onClick={() => cartStore.getState().setDiscountCode(null)}>
            Remove
          </Button>
        </div>
        {discount.error && (
          <Notice tone="warning" live="status">
            {discount.error}
          </Notice>
        )}
      </div>
    );
  }

  return (
    // Not a form of its own: the guest checkout's form holds it, and forms cannot nest.
    <div className={styles.form} role="group" aria-label="Discount code">
      <TextField
        label="Discount code"
        name="discount_code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
        value={text}
        error={error ?? undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={(event) => {
          // Enter applies the code; it must not submit the checkout around it.
          if (event.key !== 'Enter') return;
          event.preventDefault();
          void apply();
        }}
        className={styles.field}
      />
      <Button variant="secondary" loading={applying} disabled={text.trim() === ''} className={styles.apply} onClick={() => void apply()}>
        Apply
      </Button>
    </div>
  );
}
