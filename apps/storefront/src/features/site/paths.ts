import { env } from '../../env.ts';

/**
 * Addresses of the shop's screens (spec section 2), from before their routes existed. Every one exists
 * now: link with a literal `to` (`<Link to="/cart">`) so the router checks it, and drop a key here once
 * nothing uses it.
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

/**
 * The admin app: a separate deployment the same server serves at /admin/, so a plain link (a page
 * load), not a router link. A build can point it elsewhere with `VITE_ADMIN_URL` (a folder, hence the slash).
 */
export const ADMIN_URL = env.adminUrl ? `${env.adminUrl}/` : '/admin/';
