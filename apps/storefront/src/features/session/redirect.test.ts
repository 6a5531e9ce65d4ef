import { describe, expect, it } from 'vitest';
import { afterLoginPath, safeRedirect, validateLoginSearch } from './redirect.ts';

describe('login redirect', () => {
  it('keeps a path of this site', () => {
    expect(safeRedirect('/checkout')).toBe('/checkout');
    expect(safeRedirect('/account?tab=orders')).toBe('/account?tab=orders');
  });

  it('refuses other origins and anything that is not a path', () => {
    expect(safeRedirect('//evil.example/x')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect(42)).toBe('/');
  });

  it('drops an unsafe redirect from the login search', () => {
    expect(validateLoginSearch({ redirect: 'https://evil.example' })).toEqual({});
    expect(validateLoginSearch({ redirect: '/checkout' })).toEqual({ redirect: '/checkout' });
  });
});

describe('after login', () => {
  it('goes to the requested page, or home', () => {
    expect(afterLoginPath({ redirect: '/checkout' })).toBe('/checkout');
    expect(afterLoginPath({ redirect: '/account?tab=orders' })).toBe('/account?tab=orders');
    expect(afterLoginPath({})).toBe('/');
  });

  it('never goes back to the login or registration page, which would loop', () => {
    expect(afterLoginPath({ redirect: '/login' })).toBe('/');
    expect(afterLoginPath({ redirect: '/login?redirect=/checkout' })).toBe('/');
    expect(afterLoginPath({ redirect: '/register' })).toBe('/');
    expect(afterLoginPath({ redirect: '/login-help' })).toBe('/login-help');
  });
});
