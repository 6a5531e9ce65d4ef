import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COPIED_FEEDBACK_MS, CopyButton } from './copy-button.tsx';

describe('CopyButton', () => {
  it('puts the text on the clipboard and announces it, keeping its name', async () => {
    const user = userEvent.setup();
    render(<CopyButton text="ABCD-1234" label="Copy key" />);

    await user.click(screen.getByRole('button', { name: 'Copy key' }));

    expect(await navigator.clipboard.readText()).toBe('ABCD-1234');
    expect(screen.getByRole('status')).toHaveTextContent('Copied to clipboard');
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
  });

  it('clears the announcement after two seconds', async () => {
    const user = userEvent.setup();
    render(<CopyButton text="KEY" label="Copy key" />);

    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(screen.getByRole('status')).toHaveTextContent('Copied');

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(''), { timeout: COPIED_FEEDBACK_MS + 1000 });
  });

  it('tells the owner when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const onError = vi.fn();
    render(<CopyButton text="KEY" label="Copy key" onError={onError} />);

    await user.click(screen.getByRole('button', { name: 'Copy key' }));

    expect(onError).toHaveBeenCalledOnce();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
