import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';

type SubscriptionRoutes = 'createSubscription' | 'listMySubscriptions' | 'getMySubscription' | 'confirmSubscription' | 'cancelMySubscription';

// The contract's first commit: the routes are declared for the other helpers; their handlers come next.
const pending = async (): Promise<never> => {
  throw new AppError('not_implemented', 'Subscriptions are being built', 'not_implemented');
};

export function subscriptionHandlers(_app: FastifyInstance): Pick<RouteHandlers, SubscriptionRoutes> {
  return {
    createSubscription: pending,
    listMySubscriptions: pending,
    getMySubscription: pending,
    confirmSubscription: pending,
    cancelMySubscription: pending,
  };
}
