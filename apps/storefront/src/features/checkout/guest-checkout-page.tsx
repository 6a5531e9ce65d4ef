import { GuestInvoiceSchema, type GuestInvoice, validate } from '@store/contracts';
import { Button, Container, MessagePage, Notice, buttonClassName } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useOrderItems } from '../cart/cart-store.ts';
import { PriceNotices } from '../cart/price-notices.tsx';
import { useCartPriceRefresh } from '../cart/use-cart-price-refresh.ts';
import { useCartDiscount } from '../cart/discount.ts';
import { readGuestOrderInfo } from './checkout-storage.ts';
import * as styles from './checkout.css.ts';
import { EmptyCheckout } from './empty-checkout.tsx';
import { GuestInvoiceFields, INVOICE_FIELDS, type InvoiceErrors, type InvoiceField, type InvoiceValues } from './guest-invoice-fields.tsx';
import { OrderPreview } from './order-preview.tsx';
import { FreeOrderNote, PaymentMethods } from './payment-methods.tsx';
import { TermsAgreement } from './terms-agreement.tsx';
import { useShopper } from './use-shopper.ts';
import { CHECKOUT_MESSAGES, isFreeCart, usePayPalCheckout } from './use-paypal-checkout.ts';

function initialValues(): InvoiceValues {
  const stored = readGuestOrderInfo();
  return {
    email: stored.email ?? '',
    name: stored.name ?? '',
    address: stored.address ?? '',
    city: stored.city ?? '',
    country: stored.country ?? '',
  };
}

function trimmed(values: InvoiceValues): GuestInvoice {
  return {
    email: values.email.trim(),
    name: values.name.trim(),
    address: values.address.trim(),
    city: values.city.trim(),
    country: values.country.trim(),
  };
}

/** The form checks with the contract's own schema, so its messages are the API's (spec section 5). */
export function checkInvoice(values: InvoiceValues): { ok: true; invoice: GuestInvoice } | { ok: false; errors: InvoiceErrors } {
  const invoice = trimmed(values);
  const result = validate(GuestInvoiceSchema, invoice);
  if (result.ok) return { ok: true, invoice: result.value };
  const errors: InvoiceErrors = {};
  for (const error of result.errors) {
    if (INVOICE_FIELDS.some((field) => field.name === error.field)) errors[error.field as InvoiceField] ??= error.message;
  }
  return { ok: false, errors };
}

/** Guest checkout (spec sections 2, 4 and 5): invoice form, order preview, payment method, terms, pay. */
export function GuestCheckoutPage() {
  const items = useOrderItems();
  const { status, user } = useShopper();
  const refresh = useCartPriceRefresh();
  const [values, setValues] = useState<InvoiceValues>(initialValues);
  const [errors, setErrors] = useState<InvoiceErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const { pay, busy, error } = usePayPalCheckout();
  const discount = useCartDiscount();

  if (status === 'ready' && user) {
    return (
      <MessagePage
        title="You are signed in"
        actions={
          <Link to="/checkout" className={buttonClassName({ size: 'lg' })}>
            Go to Checkout
          </Link>
        }
      >
        <p>Signed in as {user.username}: check out with your account, and your orders and keys stay on your account page.</p>
      </MessagePage>
    );
  }
  if (items.length === 0) return <EmptyCheckout />;
  // The server's preview says when a code brings the order to $0; the order is priced again when placed.
  const free = isFreeCart(items) || discount.preview?.total === 0;

  function change(field: InvoiceField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt the messages follow the typing, so a fixed field stops being marked.
    if (submitted) {
      const result = checkInvoice(next);
      setErrors(result.ok ? {} : result.errors);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const result = checkInvoice(values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = INVOICE_FIELDS.find((field) => result.errors[field.name]);
      if (first) document.getElementById(`invoice-${first.name}`)?.focus();
    } else {
      setErrors({});
    }
    if (!agreed) {
      toast.error(CHECKOUT_MESSAGES.termsRequired);
      setTermsError(CHECKOUT_MESSAGES.termsRequired);
    }
    if (!result.ok || !agreed) return;
    void pay({ items, invoice: result.invoice, discountCode: discount.code });
  }

  return (
    <Container className={styles.page}>
      <div className={styles.heading}>
        <h1 className={styles.title}>Guest Checkout</h1>
        <p className={styles.subtitle}>
          No account needed. Already have one?{' '}
          <Link to="/login" search={{ redirect: '/checkout' }} className={styles.link}>
            Login
          </Link>
        </p>
      </div>
      <PriceNotices refresh={refresh} cents />
      <form noValidate onSubmit={submit} className={styles.layout} aria-label="Guest checkout">
        <div className={styles.column}>
          <section className={styles.card} aria-labelledby="invoice-title">
            <h2 id="invoice-title" className={styles.cardTitle}>
              Billing details
            </h2>
            <p className={styles.muted}>Your receipt, licence keys and download links are sent to this email.</p>
            <GuestInvoiceFields values={values} errors={errors} onChange={change} disabled={busy} />
          </section>
          <section className={styles.card} aria-label="Payment">
            {free ? <FreeOrderNote /> : <PaymentMethods />}
          </section>
        </div>
        <OrderPreview items={items} discount={discount} cents checking={refresh.checking}>
          <TermsAgreement
            checked={agreed}
            error={agreed ? null : termsError}
            onChange={(checked) => {
              setAgreed(checked);
              if (checked) setTermsError(null);
            }}
          />
          {error && (
            <Notice tone="danger" live="alert">
              {error.message}
            </Notice>
          )}
          <Button type="submit" size="lg" fullWidth loading={busy} disabled={refresh.checking}>
            {free ? 'Get it free' : 'Pay with PayPal'}
          </Button>
          <Link to="/cart" className={styles.link}>
            Back to cart
          </Link>
        </OrderPreview>
      </form>
    </Container>
  );
}
