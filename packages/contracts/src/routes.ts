import Type, { type TSchema } from 'typebox';
import {
  AuthResponseSchema,
  CategoryOptionSchema,
  CreateOrderBodySchema,
  DashboardStatsSchema,
  DownloadQuerySchema,
  LicenseKeysAddedSchema,
  LicenseKeysInputSchema,
  LicenseKeyStockSchema,
  PayPalWebhookEventSchema,
  IdParamsSchema,
  IdSchema,
  LoginBodySchema,
  MessageSchema,
  OrderListQuerySchema,
  OrderListSchema,
  OrderSchema,
  PaymentLinkSchema,
  PaymentOrderRequestSchema,
  PayPalCaptureResultSchema,
  PayPalCreateResultSchema,
  ProductInputSchema,
  ProductListQuerySchema,
  ProductListSchema,
  ProductSchema,
  ProviderTestResultSchema,
  RegisterBodySchema,
  SiteInfoSchema,
  SiteSettingsSchema,
  SiteSettingsUpdateSchema,
  StatusQuerySchema,
  TestEmailBodySchema,
  UploadResultSchema,
  UserListQuerySchema,
  UserListSchema,
  UserSchema,
} from './entities.ts';

/**
 * Who may call a route. `public`: anyone; `optional`: anyone, and a valid token identifies the buyer;
 * `user`: any signed-in account; `admin`: accounts with the admin role. The API enforces this from the
 * table itself, so a route cannot be registered without its guard.
 */
export type Access = 'public' | 'optional' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** Fastify-style path with `:name` parameters, including the `/api` prefix. */
  readonly path: string;
  readonly access: Access;
  readonly summary: string;
  readonly tag: string;
  readonly params?: TSchema;
  readonly querystring?: TSchema;
  readonly body?: TSchema;
  /** The request is multipart/form-data with a single field named `file`. */
  readonly multipart?: true;
  /** Per-IP and per-account rate limit, for routes that attackers would hammer. */
  readonly rateLimited?: true;
  readonly status: 200 | 201 | 204;
  readonly response: TSchema;
}

const define = <const T extends Record<string, RouteDefinition>>(table: T): T => table;

const Empty = Type.Null({ description: 'No content' });

export const routes = define({
  /* Auth */
  register: {
    method: 'POST',
    path: '/api/auth/register',
    access: 'public',
    summary: 'Create an account and sign in',
    tag: 'auth',
    body: RegisterBodySchema,
    rateLimited: true,
    status: 201,
    response: AuthResponseSchema,
  },
  login: {
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    summary: 'Sign in with an email or a username',
    tag: 'auth',
    body: LoginBodySchema,
    rateLimited: true,
    status: 200,
    response: AuthResponseSchema,
  },
  me: { method: 'GET', path: '/api/auth/me', access: 'user', summary: 'The signed-in account', tag: 'auth', status: 200, response: UserSchema },

  /* Catalogue */
  listProducts: {
    method: 'GET',
    path: '/api/products',
    access: 'public',
    summary: 'Search, filter, sort and page the catalogue',
    tag: 'catalogue',
    querystring: ProductListQuerySchema,
    status: 200,
    response: ProductListSchema,
  },
  listCategories: {
    method: 'GET',
    path: '/api/products/categories',
    access: 'public',
    summary: 'The product categories with their labels',
    tag: 'catalogue',
    status: 200,
    response: Type.Array(CategoryOptionSchema),
  },
  getProduct: {
    method: 'GET',
    path: '/api/products/:id',
    access: 'public',
    summary: 'One product',
    tag: 'catalogue',
    params: IdParamsSchema,
    status: 200,
    response: ProductSchema,
  },

  /* Site */
  siteInfo: { method: 'GET', path: '/api/site-info', access: 'public', summary: 'Site name, logo and appearance', tag: 'site', status: 200, response: SiteInfoSchema },
  upload: {
    method: 'POST',
    path: '/api/upload',
    access: 'admin',
    summary: 'Upload an image (multipart field `file`, at most 5 MB)',
    tag: 'site',
    multipart: true,
    status: 201,
    response: UploadResultSchema,
  },

  /* Orders and payments */
  createOrder: {
    method: 'POST',
    path: '/api/orders',
    access: 'optional',
    summary: 'Create a pending order priced by the server; guests send invoice_data',
    tag: 'orders',
    body: CreateOrderBodySchema,
    rateLimited: true,
    status: 201,
    response: OrderSchema,
  },
  listMyOrders: {
    method: 'GET',
    path: '/api/orders',
    access: 'user',
    summary: "The signed-in user's orders, newest first",
    tag: 'orders',
    querystring: OrderListQuerySchema,
    status: 200,
    response: OrderListSchema,
  },
  getMyOrder: {
    method: 'GET',
    path: '/api/orders/:id',
    access: 'user',
    summary: 'One of the signed-in user’s orders',
    tag: 'orders',
    params: IdParamsSchema,
    status: 200,
    response: OrderSchema,
  },
  getGuestOrder: {
    method: 'GET',
    path: '/api/guest/orders/:orderId',
    access: 'public',
    summary: 'A guest order, by its unguessable id; its goods only with the access token',
    tag: 'orders',
    params: Type.Object({ orderId: IdSchema }),
    querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false }),
    rateLimited: true,
    status: 200,
    response: OrderSchema,
  },
  createPayment: {
    method: 'POST',
    path: '/api/payments/create',
    access: 'optional',
    summary: 'Create the PayPal payment of an order and answer the approval address',
    tag: 'payments',
    querystring: Type.Object({ order_id: IdSchema }, { additionalProperties: false }),
    status: 200,
    response: PaymentLinkSchema,
  },
  paypalCreateOrder: {
    method: 'POST',
    path: '/api/paypal/create-order',
    access: 'optional',
    summary: 'Create the PayPal order of one of our orders',
    tag: 'payments',
    body: PaymentOrderRequestSchema,
    status: 200,
    response: PayPalCreateResultSchema,
  },
  paypalCaptureOrder: {
    method: 'POST',
    path: '/api/paypal/capture-order/:paypalOrderId',
    access: 'optional',
    summary: 'Capture an approved PayPal order and deliver ours',
    tag: 'payments',
    params: Type.Object({ paypalOrderId: Type.String({ pattern: '^[A-Z0-9]{1,36}$' }) }),
    status: 200,
    response: PayPalCaptureResultSchema,
  },

  paypalWebhook: {
    method: 'POST',
    path: '/api/paypal/webhook',
    access: 'public',
    summary: 'PayPal webhook events, verified with PayPal and applied once',
    tag: 'payments',
    body: PayPalWebhookEventSchema,
    status: 200,
    response: Type.Object({ received: Type.Boolean() }),
  },
  download: {
    method: 'GET',
    path: '/api/downloads/:id',
    access: 'public',
    summary: 'The file of a delivered order line, through a short-lived signed link',
    tag: 'orders',
    params: IdParamsSchema,
    querystring: DownloadQuerySchema,
    status: 200,
    response: Type.Unknown({ description: 'The file' }),
  },

  /* Admin */
  adminStats: {
    method: 'GET',
    path: '/api/admin/stats',
    access: 'admin',
    summary: 'Dashboard figures: products, orders, users and revenue',
    tag: 'admin',
    status: 200,
    response: DashboardStatsSchema,
  },
  adminLicenseKeyStock: {
    method: 'GET',
    path: '/api/admin/products/:id/keys',
    access: 'admin',
    summary: 'How many licence keys of a product remain',
    tag: 'admin',
    params: IdParamsSchema,
    status: 200,
    response: LicenseKeyStockSchema,
  },
  adminAddLicenseKeys: {
    method: 'POST',
    path: '/api/admin/products/:id/keys',
    access: 'admin',
    summary: 'Add licence keys in bulk, one per line; duplicates are refused',
    tag: 'admin',
    params: IdParamsSchema,
    body: LicenseKeysInputSchema,
    status: 201,
    response: LicenseKeysAddedSchema,
  },
  adminListProducts: {
    method: 'GET',
    path: '/api/admin/products',
    access: 'admin',
    summary: 'The catalogue for staff',
    tag: 'admin',
    querystring: ProductListQuerySchema,
    status: 200,
    response: ProductListSchema,
  },
  adminCreateProduct: {
    method: 'POST',
    path: '/api/admin/products',
    access: 'admin',
    summary: 'Add a product',
    tag: 'admin',
    body: ProductInputSchema,
    status: 201,
    response: ProductSchema,
  },
  adminUpdateProduct: {
    method: 'PUT',
    path: '/api/admin/products/:id',
    access: 'admin',
    summary: 'Replace a product’s fields',
    tag: 'admin',
    params: IdParamsSchema,
    body: ProductInputSchema,
    status: 200,
    response: ProductSchema,
  },
  adminDeleteProduct: {
    method: 'DELETE',
    path: '/api/admin/products/:id',
    access: 'admin',
    summary: 'Remove a product from the catalogue',
    tag: 'admin',
    params: IdParamsSchema,
    status: 204,
    response: Empty,
  },
  adminListOrders: {
    method: 'GET',
    path: '/api/admin/orders',
    access: 'admin',
    summary: 'Search and filter all orders',
    tag: 'admin',
    querystring: OrderListQuerySchema,
    status: 200,
    response: OrderListSchema,
  },
  adminSetOrderStatus: {
    method: 'PATCH',
    path: '/api/admin/orders/:id/status',
    access: 'admin',
    summary: 'Confirm or reject an order',
    tag: 'admin',
    params: IdParamsSchema,
    querystring: StatusQuerySchema,
    status: 200,
    response: OrderSchema,
  },
  adminListUsers: {
    method: 'GET',
    path: '/api/admin/users',
    access: 'admin',
    summary: 'Search and filter accounts',
    tag: 'admin',
    querystring: UserListQuerySchema,
    status: 200,
    response: UserListSchema,
  },
  adminGetSettings: {
    method: 'GET',
    path: '/api/admin/settings',
    access: 'admin',
    summary: 'Site settings, secrets masked',
    tag: 'admin',
    status: 200,
    response: SiteSettingsSchema,
  },
  adminUpdateSettings: {
    method: 'PUT',
    path: '/api/admin/settings',
    access: 'admin',
    summary: 'Save site settings; a masked secret sent back keeps the stored value',
    tag: 'admin',
    body: SiteSettingsUpdateSchema,
    status: 200,
    response: SiteSettingsSchema,
  },
  adminTestCoingate: {
    method: 'POST',
    path: '/api/admin/test-coingate',
    access: 'admin',
    summary: 'Check the stored CoinGate key against its environment',
    tag: 'admin',
    status: 200,
    response: ProviderTestResultSchema,
  },
  adminTestEmail: {
    method: 'POST',
    path: '/api/admin/test-email',
    access: 'admin',
    summary: 'Send a test message through the stored SMTP settings',
    tag: 'admin',
    body: TestEmailBodySchema,
    rateLimited: true,
    status: 200,
    response: MessageSchema,
  },
});

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export const routeNames = Object.keys(routes) as RouteName[];
