import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
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
});
