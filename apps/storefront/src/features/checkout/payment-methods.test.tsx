import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { AppToaster } from '@store/ui';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentMethods } from './payment-methods.tsx';

afterEach(() => {
  act(() => toast.remove());
});

describe('PaymentMethods', () => {
  it('keeps PayPal chosen and says crypto is coming soon if a disabled method is picked anyway', async () => {
    render(
      <>
        <PaymentMethods />
        <AppToaster />
      </>,
    );
    const crypto = screen.getByRole('radio', { name: /Crypto \(CoinGate\)/ });
    // An old browser that ignores `disabled`.
    crypto.removeAttribute('disabled');

    await userEvent.click(crypto);

    expect(await screen.findByText('CoinGate payment is coming soon! Please use PayPal for now.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /PayPal/ })).toBeChecked();
    expect(crypto).not.toBeChecked();
  });

  it('describes each method', () => {
    render(<PaymentMethods />);

    expect(screen.getByRole('radio', { name: /PayPal/ })).toHaveAccessibleDescription(
      'Pay with your PayPal account, or a card through PayPal.',
    );
  });
});
