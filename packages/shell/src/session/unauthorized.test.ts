import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleUnauthorized, holdLoginRedirectWhileLoggingOut, markLoginPageShown, onUnauthorized } from './unauthorized.ts';

describe('the 401 handler', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('forgets the session and goes to the login screen', () => {
    const handlers = { forgetSession: vi.fn(), navigateToLogin: vi.fn() };
    stop = onUnauthorized(handlers);

    handleUnauthorized();

    expect(handlers.forgetSession).toHaveBeenCalledOnce();
    expect(handlers.navigateToLogin).toHaveBeenCalledOnce();
  });

  it('stays put while the login page is shown (a wrong password answers 401), and navigates again once it is gone', () => {
    const handlers = { forgetSession: vi.fn(), navigateToLogin: vi.fn() };
    stop = onUnauthorized(handlers);
    const hide = markLoginPageShown();

    handleUnauthorized();
    expect(handlers.forgetSession).toHaveBeenCalledOnce();
    expect(handlers.navigateToLogin).not.toHaveBeenCalled();

    hide();
    handleUnauthorized();
    expect(handlers.navigateToLogin).toHaveBeenCalledOnce();
  });

  it('forgets the session but stays put while a logout is telling the server', () => {
    const handlers = { forgetSession: vi.fn(), navigateToLogin: vi.fn() };
    stop = onUnauthorized(handlers);
    const release = holdLoginRedirectWhileLoggingOut();

    handleUnauthorized();
    expect(handlers.forgetSession).toHaveBeenCalledOnce();
    expect(handlers.navigateToLogin).not.toHaveBeenCalled();

    release();
    release();
    handleUnauthorized();
    expect(handlers.navigateToLogin).toHaveBeenCalledOnce();
  });

  it('does nothing once unregistered, and an old registration cannot unregister a newer one', () => {
    const first = { forgetSession: vi.fn(), navigateToLogin: vi.fn() };
    const second = { forgetSession: vi.fn(), navigateToLogin: vi.fn() };
    const stopFirst = onUnauthorized(first);
    stop = onUnauthorized(second);

    stopFirst();
    handleUnauthorized();
    expect(first.forgetSession).not.toHaveBeenCalled();
    expect(second.navigateToLogin).toHaveBeenCalledOnce();

    stop();
    handleUnauthorized();
    expect(second.navigateToLogin).toHaveBeenCalledOnce();
  });
});
