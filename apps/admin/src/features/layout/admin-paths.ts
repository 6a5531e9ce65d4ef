import { linkOptions } from '@tanstack/react-router';

/**
 * The settings screen is written in another change: a plain string until its route file lands, then a
 * literal `to` like the others, so the router checks it.
 */
export const SETTINGS_PATH: string = '/settings';

/**
 * The admin screens (spec section 2), from the app's root: the router adds the /admin basepath.
 * `linkOptions` checks each `to` against the route tree.
 */
export const ADMIN_NAV = [
  { ...linkOptions({ to: '/' }), label: 'Dashboard', exact: true },
  { ...linkOptions({ to: '/products' }), label: 'Products', exact: false },
  { ...linkOptions({ to: '/orders' }), label: 'Orders', exact: false },
  { ...linkOptions({ to: '/subscriptions' }), label: 'Subscriptions', exact: false },
  { ...linkOptions({ to: '/users' }), label: 'Users', exact: false },
  { ...linkOptions({ to: '/reviews' }), label: 'Reviews', exact: false },
  { ...linkOptions({ to: '/discounts' }), label: 'Discount codes', exact: false },
  { to: SETTINGS_PATH, label: 'Settings', exact: false },
  { ...linkOptions({ to: '/audit' }), label: 'Audit', exact: false },
  { ...linkOptions({ to: '/security' }), label: 'Security', exact: false },
  { ...linkOptions({ to: '/api-keys' }), label: 'API keys', exact: false },
  { ...linkOptions({ to: '/webhooks' }), label: 'Webhooks', exact: false },
] as const;
