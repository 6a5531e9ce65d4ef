import { describe, expect, it } from 'vitest';
import { afterLoginPath, validateLoginSearch } from './redirect.ts';

describe('the login redirect', () => {
  it.each([
    ['/orders?status=pending', { redirect: '/orders?status=pending' }],
    ['/', { redirect: '/' }],
    ['//evil.example/x', {}],
    ['/\\evil.example', {}],
    ['https://evil.example', {}],
    [42, {}],
    [undefined, {}],
  ])('keeps %j only when it is a path of this app', (redirect, expected) => {
    expect(validateLoginSearch({ redirect })).toEqual(expected);
  });

  it('goes to the dashboard by default and never back to the login or refusal screens', () => {
    expect(afterLoginPath({})).toBe('/');
    expect(afterLoginPath({ redirect: '/users' })).toBe('/users');
    expect(afterLoginPath({ redirect: '/login?redirect=%2Fusers' })).toBe('/');
    expect(afterLoginPath({ redirect: '/access-denied' })).toBe('/');
  });
});
