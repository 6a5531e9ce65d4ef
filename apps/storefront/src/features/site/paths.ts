/**
 * Addresses of the shop's screens (spec section 2). Plain strings, because most of these routes land
 * in later issues and the router only accepts literal paths of routes that exist; once a route exists,
 * link to it with a literal `to` so the router checks it.
 */
export const paths: Readonly<Record<'home' | 'products' | 'cart' | 'login' | 'register' | 'terms' | 'privacy', string>> = {
  home: '/',
  products: '/products',
  cart: '/cart',
  login: '/login',
  register: '/register',
  terms: '/terms-of-service',
  privacy: '/privacy-policy',
};
