import { act, render, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../components/modal.tsx';
import { AppToaster } from './app-toaster.tsx';

// How long react-hot-toast keeps a dismissed toast for its exit animation.
const REMOVE_DELAY = 1000;

describe('AppToaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<AppToaster />);
  });

  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
  });

  // A block body: the callback returns nothing, so act runs synchronously (advanceTimersByTime's return
  // value would pick act's async overload and leave a promise behind).
  const advance = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  // The removal is queued once React has rendered the dismissal, hence two steps.
  const passAndRemove = (ms: number) => {
    advance(ms);
    advance(REMOVE_DELAY);
  };

  it('shows a success for 2 seconds', () => {
    act(() => void toast.success('Settings saved successfully!'));
    advance(1900);
    expect(screen.queryByText('Settings saved successfully!')).not.toBeNull();

    passAndRemove(200);
    expect(screen.queryByText('Settings saved successfully!')).toBeNull();
  });

  it('shows an error and an ordinary message for 4 seconds', () => {
    act(() => {
      toast.error('Error loading products');
      toast('Redirecting...');
    });
    advance(3900);
    expect(screen.queryByText('Error loading products')).not.toBeNull();
    expect(screen.queryByText('Redirecting...')).not.toBeNull();

    passAndRemove(200);
    expect(screen.queryByText('Error loading products')).toBeNull();
    expect(screen.queryByText('Redirecting...')).toBeNull();
  });

  it('keeps a loading message until it is dismissed', () => {
    let id = '';
    act(() => {
      id = toast.loading('Saving...');
    });
    advance(60_000);
    expect(screen.queryByText('Saving...')).not.toBeNull();

    act(() => toast.dismiss(id));
    passAndRemove(0);
    expect(screen.queryByText('Saving...')).toBeNull();
  });

  it('draws the toasts inside an open modal, which covers the page, and back in the page once it closes', () => {
    const { rerender } = render(
      <Modal open title="Add Product" onClose={() => {}}>
        Form
      </Modal>,
    );
    act(() => void toast.error('Error saving product'));
    const dialog = screen.getByRole('dialog', { name: 'Add Product' });
    expect(within(dialog).getByText('Error saving product')).toBeInTheDocument();
    expect(screen.getAllByText('Error saving product')).toHaveLength(1);

    rerender(
      <Modal open={false} title="Add Product" onClose={() => {}}>
        Form
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByText('Error saving product')).toHaveLength(1);
  });

  it('draws the toasts in the topmost of two open modals only', () => {
    render(
      <>
        <Modal open title="Order" onClose={() => {}}>
          Details
        </Modal>
        <Modal open title="Refund" onClose={() => {}}>
          Confirm
        </Modal>
      </>,
    );
    act(() => void toast('Refund requested'));
    expect(within(screen.getByRole('dialog', { name: 'Refund' })).getByText('Refund requested')).toBeInTheDocument();
    expect(screen.getAllByText('Refund requested')).toHaveLength(1);
  });
});
