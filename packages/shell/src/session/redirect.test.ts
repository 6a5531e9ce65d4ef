import type { User } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { afterLoginPath, safeRedirect, signedInDestination, validateLoginSearch } from './redirect.ts';

describe('the login redirect', () => {
  it('keeps a path of this app', () => {
    expect(safeRedirect('/checkout')).toBe('/checkout');
    expect(safeRedirect('/account?tab=orders')).toBe('/account?tab=orders');
  });

  it('refuses other origins and anything that is not a path', () => {
    expect(safeRedirect('//evil.example/x')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect(42)).toBe('/');
  });

  it.each([
    ['/orders?status=pending', { redirect: '/orders?status=pending' }],
    ['/', { redirect: '/' }],
    ['/checkout', { redirect: '/checkout' }],
    ['//evil.example/x', {}],
    ['/\\evil.example', {}],
    ['https://evil.example', {}],
    [42, {}],
    [undefined, {}],
  ])('keeps %j in the login search only when it is a path of this app', (redirect, expected) => {
    expect(validateLoginSearch({ redirect })).toEqual(expected);
  });
});

describe('after login', () => {
  it('goes to the requested page, or home', () => {
    expect(afterLoginPath({ redirect: '/checkout' })).toBe('/checkout');
    expect(afterLoginPath({ redirect: '/account?tab=orders' })).toBe('/account?tab=orders');
    expect(afterLoginPath({ redirect: '/users' })).toBe('/users');
    expect(afterLoginPath({})).toBe('/');
  });

  it('never goes back to the login page, which would loop', () => {
    expect(afterLoginPath({ redirect: '/login' })).toBe('/');
    expect(afterLoginPath({ redirect: '/login?redirect=/checkout' })).toBe('/');
    expect(afterLoginPath({ redirect: '/login?redirect=%2Fusers' })).toBe('/');
    expect(afterLoginPath({ redirect: '/login-help' })).toBe('/login-help');
  });

  it("never goes back to the shop's registration page", () => {
    const shop = ['/register'];
    expect(afterLoginPath({ redirect: '/register' }, shop)).toBe('/');
    expect(afterLoginPath({ redirect: '/login' }, shop)).toBe('/');
    expect(afterLoginPath({ redirect: '/checkout' }, shop)).toBe('/checkout');
  });

  it("never goes back to the admin's refusal screen", () => {
    const admin = ['/access-denied'];
    expect(afterLoginPath({ redirect: '/access-denied' }, admin)).toBe('/');
    expect(afterLoginPath({ redirect: '/access-denied?x=1' }, admin)).toBe('/');
    expect(afterLoginPath({ redirect: '/users' }, admin)).toBe('/users');
  });
});

describe('a signed-in person on the login screen', () => {
  const shopper = { role: 'user' } as const;
  const admin = { role: 'admin' } as const;
  const adminRules = { loopPaths: ['/access-denied'], admits: (user: { role: string }) => user.role === 'admin', refusedPath: '/access-denied' };

  it('stays to sign in when nobody is signed in', () => {
    expect(signedInDestination(null, { redirect: '/checkout' })).toBeNull();
  });

  it('goes on to where they were heading', () => {
    expect(signedInDestination(aUser(shopper), { redirect: '/checkout' }, { loopPaths: ['/register'] })).toBe('/checkout');
    expect(signedInDestination(aUser(admin), { redirect: '/users' }, adminRules)).toBe('/users');
  });

  it('goes to the refusal screen when the app does not admit them', () => {
    expect(signedInDestination(aUser(shopper), { redirect: '/users' }, adminRules)).toBe('/access-denied');
  });
});

function aUser(overrides: { role: 'user' | 'admin' }): User {
  return {
    id: '6f1c1d1e-3f0a-4c57-9d7e-2b1a7c0d9e11',
    username: 'alice',
    email: 'alice@example.com',
    is_active: true,
    email_verified: true,
    created_at: '2024-10-24T10:00:00.000Z',
    ...overrides,
  };
}
