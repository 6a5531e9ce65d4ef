/**
 * Method and path of every API route: the part of the route table the typed client needs at run time.
 * Kept apart from the schemas (routes.ts) so an app's first load carries no validator code; routes.ts
 * builds each route on these, so a path is written once.
 */
export const endpoints = {
  register: { method: 'POST', path: '/api/auth/register' },
  login: { method: 'POST', path: '/api/auth/login' },
  me: { method: 'GET', path: '/api/auth/me' },
  logout: { method: 'POST', path: '/api/auth/logout' },
  changePassword: { method: 'POST', path: '/api/auth/password' },
  requestPasswordReset: { method: 'POST', path: '/api/auth/password-reset' },
  resetPassword: { method: 'POST', path: '/api/auth/password-reset/confirm' },
  listProducts: { method: 'GET', path: '/api/products' },
  listCategories: { method: 'GET', path: '/api/products/categories' },
  getProduct: { method: 'GET', path: '/api/products/:id' },
  siteInfo: { method: 'GET', path: '/api/site-info' },
  upload: { method: 'POST', path: '/api/upload' },
  createOrder: { method: 'POST', path: '/api/orders' },
  listMyOrders: { method: 'GET', path: '/api/orders' },
  getMyOrder: { method: 'GET', path: '/api/orders/:id' },
  getGuestOrder: { method: 'GET', path: '/api/guest/orders/:orderId' },
  createPayment: { method: 'POST', path: '/api/payments/create' },
  paypalCreateOrder: { method: 'POST', path: '/api/paypal/create-order' },
  paypalCaptureOrder: { method: 'POST', path: '/api/paypal/capture-order/:paypalOrderId' },
  paypalWebhook: { method: 'POST', path: '/api/paypal/webhook' },
  download: { method: 'GET', path: '/api/downloads/:id/:fileId' },
  adminStats: { method: 'GET', path: '/api/admin/stats' },
  adminLicenseKeyStock: { method: 'GET', path: '/api/admin/products/:id/keys' },
  adminAddLicenseKeys: { method: 'POST', path: '/api/admin/products/:id/keys' },
  adminListProductFiles: { method: 'GET', path: '/api/admin/products/:id/files' },
  adminUploadProductFile: { method: 'POST', path: '/api/admin/products/:id/files' },
  adminDeleteProductFile: { method: 'DELETE', path: '/api/admin/products/:id/files/:fileId' },
  adminListProducts: { method: 'GET', path: '/api/admin/products' },
  adminCreateProduct: { method: 'POST', path: '/api/admin/products' },
  adminUpdateProduct: { method: 'PUT', path: '/api/admin/products/:id' },
  adminDeleteProduct: { method: 'DELETE', path: '/api/admin/products/:id' },
  adminListOrders: { method: 'GET', path: '/api/admin/orders' },
  adminDeliveryLog: { method: 'GET', path: '/api/admin/orders/:id/delivery-log' },
  adminSetOrderStatus: { method: 'PATCH', path: '/api/admin/orders/:id/status' },
  adminListUsers: { method: 'GET', path: '/api/admin/users' },
  adminUserCounts: { method: 'GET', path: '/api/admin/users/counts' },
  adminUserStats: { method: 'GET', path: '/api/admin/users/:id/stats' },
  adminSetUserActive: { method: 'PATCH', path: '/api/admin/users/:id' },
  adminGetSettings: { method: 'GET', path: '/api/admin/settings' },
  adminUpdateSettings: { method: 'PUT', path: '/api/admin/settings' },
  adminTestCoingate: { method: 'POST', path: '/api/admin/test-coingate' },
  adminTestEmail: { method: 'POST', path: '/api/admin/test-email' },
} as const;

export type EndpointName = keyof typeof endpoints;
export const endpointNames = Object.keys(endpoints) as EndpointName[];
