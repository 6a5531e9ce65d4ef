/**
 * The admin screens (spec section 2), from the app's root: the router adds the /admin basepath.
 * Plain strings, because these routes land in later issues and the router only accepts literal paths
 * of routes that exist; once a route exists, link to it with a literal `to` so the router checks it.
 */
export const ADMIN_NAV: readonly { to: string; label: string; exact: boolean }[] = [
  { to: '/', label: 'Dashboard', exact: true },
  { to: '/products', label: 'Products', exact: false },
  { to: '/orders', label: 'Orders', exact: false },
  { to: '/users', label: 'Users', exact: false },
  { to: '/settings', label: 'Settings', exact: false },
];
