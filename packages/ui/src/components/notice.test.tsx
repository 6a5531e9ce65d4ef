import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Notice } from './notice.tsx';

describe('Notice', () => {
  it('is a polite status by default, with its title and text', () => {
    render(<Notice title="Prices updated">One price changed.</Notice>);

    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Prices updated');
    expect(notice).toHaveTextContent('One price changed.');
  });

  it('is an alert when asked, and no live region when part of the page', () => {
    const { rerender } = render(
      <Notice live="alert" tone="danger">
        Failed
      </Notice>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed');

    rerender(<Notice live="none">Plain</Notice>);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers a named close button when it can be dismissed', async () => {
    const onDismiss = vi.fn();
    render(
      <Notice dismissLabel="Dismiss price notice" onDismiss={onDismiss}>
        Text
      </Notice>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss price notice' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
