import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal.tsx';

describe('modal', () => {
  it('renders nothing while closed', () => {
    render(
      <Modal open={false} title="Order" onClose={() => {}}>
        Body
      </Modal>,
    );
    expect(screen.queryByText('Body')).toBeNull();
  });

  it('is a dialog named by its title, closed by its close icon', () => {
    const onClose = vi.fn();
    render(
      <Modal open title="Order details" onClose={onClose}>
        Body
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Order details' })).toHaveTextContent('Body');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('tells its owner when the browser closes it without a cancel (Escape through Chrome’s close watcher)', () => {
    const onClose = vi.fn();
    render(
      <Modal open title="Order details" onClose={onClose}>
        Body
      </Modal>,
    );
    fireEvent(screen.getByRole('dialog', { name: 'Order details' }), new Event('close'));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('asks its owner on Escape, and stays open until the owner closes it', () => {
    const onClose = vi.fn();
    render(
      <Modal open title="Order details" onClose={onClose}>
        Body
      </Modal>,
    );
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(screen.getByRole('dialog', { name: 'Order details' }), cancel);
    expect(onClose).toHaveBeenCalledOnce();
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Order details' })).toBeInTheDocument();
  });
});
