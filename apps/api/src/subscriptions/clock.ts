import type { FastifyInstance } from 'fastify';

/*
 * The store's clock for subscriptions: when a paid period has ended, when a key stops working. Real time,
 * unless a test sets another (the sandbox's test clock moves PayPal a month on; the store must follow).
 */
const clocks = new WeakMap<FastifyInstance, () => Date>();

export function storeNow(app: FastifyInstance): Date {
  return clocks.get(app)?.() ?? new Date();
}

/** Sets the app's clock (null: real time again). For tests only. */
export function setStoreClock(app: FastifyInstance, clock: (() => Date) | null): void {
  if (clock) clocks.set(app, clock);
  else clocks.delete(app);
}
