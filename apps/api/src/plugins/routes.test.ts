import type { RouteName } from '@store/contracts';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { RouteHandlers } from '../http/register-routes.ts';

/** The map the routes plugin would build if one domain forgot the login route. */
function withoutLogin(all: RouteHandlers): Omit<RouteHandlers, 'login'> {
  const { login: _login, ...rest } = all;
  return rest;
}

// These are compile-time checks, run by `pnpm typecheck` (tsc covers src/**/*.test.ts): were a handler
// optional again, `not.toExtend` would fail and the `@ts-expect-error` below would be unused, both errors.
describe('the handler map', () => {
  it('has one entry per route of the contract table, none optional', () => {
    expectTypeOf<keyof RouteHandlers>().toEqualTypeOf<RouteName>();
    expectTypeOf<Omit<RouteHandlers, 'login'>>().not.toExtend<RouteHandlers>();
  });

  it('refuses, at compile time, a map missing one route', () => {
    // @ts-expect-error: a map without the login handler is not a RouteHandlers, so registerRoutes cannot take it.
    const register = (all: RouteHandlers): RouteHandlers => withoutLogin(all);
    expect(register).toBeTypeOf('function');
  });
});
