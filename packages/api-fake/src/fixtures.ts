/**
 * Sample data as the API answers it, typed by the contract's schemas: a builder per shape, every field
 * overridable. The fake checks each answer against its route's schema, so a fixture cannot drift.
 */
import { auditActionOf, auditTargetName } from '@store/contracts';
import type {
  AdminOrder,
  DiscountCode,
  AdminProduct,
  AdminReview,
  AuditEntry,
  AuthResponse,
  CartItem,
  CategoryOption,
  DashboardStats,
  RevenueSeries,
  DeliveryEvent,
  DeliveryLog,
  Order,
  OrderDispute,
  OrderDownload,
  OrderItem,
  OrderRefund,
  OrderSummary,
  OwnReview,
  Product,
  ProductFile,
  ProductList,
  Review,
  RecoveryCodes,
  SearchSuggestions,
  SiteInfo,
  TwoFactorChallenge,
  TwoFactorSetup,
  TwoFactorStatus,
  User,
} from '@store/contracts';

export const PRODUCT_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_PRODUCT_ID = '22222222-2222-4222-8222-222222222222';
export const ORDER_ID = '33333333-3333-4333-8333-3333abcdef12';
export const USER_ID = '44444444-4444-4444-8444-444444444444';
export const ADMIN_ID = '0b7d2c4e-8a55-4f2e-a1c3-5e9f6d7b8a20';

export const SITE_INFO: SiteInfo = {
  site_name: 'Acme Keys',
  logo_url: null,
  primary_color: '#0ea5e9',
  secondary_color: '#22c55e',
  font_family: 'Inter',
  theme: 'dark',
  payments_sandbox: false,
  mail_available: true,
};

/** The categories as GET /api/products/categories answers them. */
export const CATEGORY_OPTIONS: CategoryOption[] = [
  { value: 'ai_tools', label: 'AI Tools' },
  { value: 'software', label: 'Software' },
  { value: 'licenses', label: 'Licenses' },
  { value: 'plugins', label: 'Plugins' },
  { value: 'templates', label: 'Templates' },
  { value: 'courses', label: 'Courses' },
];

export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: USER_ID,
    username: 'alice',
    email: 'alice@example.com',
    role: 'user',
    is_active: true,
    email_verified: true,
    created_at: '2026-10-01T10:00:00.000Z',
    ...overrides,
  };
}

export function anAdmin(overrides: Partial<User> = {}): User {
  return aUser({ id: ADMIN_ID, username: 'admin', email: 'admin@example.com', role: 'admin', ...overrides });
}

export function authResponse(user: User = aUser(), token = `token-of-${user.username}`): AuthResponse {
  return { access_token: token, token_type: 'bearer', expires_in: 28_800, user };
}

/** The password step's answer for staff with two-factor sign-in (docs/decisions/030). */
export function aTwoFactorChallenge(token = 'T'.repeat(43)): TwoFactorChallenge {
  return { two_factor_required: true, two_factor_token: token, expires_in: 300 };
}

/** Two-factor sign-in off, not required: what an admin has by default. */
export function aTwoFactorStatus(overrides: Partial<TwoFactorStatus> = {}): TwoFactorStatus {
  return { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false, ...overrides };
}

export const TWO_FACTOR_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export function aTwoFactorSetup(overrides: Partial<TwoFactorSetup> = {}): TwoFactorSetup {
  return {
    secret: TWO_FACTOR_SECRET,
    otpauth_uri: `otpauth://totp/Acme%20Keys:admin%40example.com?issuer=Acme%20Keys&secret=${TWO_FACTOR_SECRET}&algorithm=SHA1&digits=6&period=30`,
    // A 1×1 PNG: the fake does not draw QR codes.
    qr_code: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    issuer: 'Acme Keys',
    account: 'admin@example.com',
    ...overrides,
  };
}

export function someRecoveryCodes(): RecoveryCodes {
  return {
    recovery_codes: ['abcde-fghij', 'kmnpq-rstuv', 'wxyz2-34567', '89abc-defgh', 'ijkmn-pqrst', 'uvwxy-z2345', '6789a-bcdef', 'ghijk-mnpqr', 'stuvw-xyz23', '45678-9abcd'],
    message: 'Save these recovery codes somewhere safe: each signs you in once without your phone. They are shown only now.',
  };
}

let productSequence = 0;

/** A product with a fresh id and title at each call (`Product 1`, `Product 2` ...). */
export function aProduct(overrides: Partial<Product> = {}): Product {
  productSequence += 1;
  const n = productSequence;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Product ${n}`,
    description: 'A short description.',
    detailed_description: 'A longer description.',
    price: 49,
    category: 'software',
    product_type: 'single',
    images: [`/uploads/product-${n}.jpg`],
    image: `/uploads/product-${n}.jpg`,
    features: [],
    system_requirements: {},
    stock_quantity: 10,
    // A new product has no reviews: no rating, a count of 0 (docs/decisions/027-reviews.md).
    rating: null,
    reviews_count: 0,
    created_at: '2026-11-01T10:00:00.000Z',
    download_limit: 5,
    key_mode: 'pool',
    key_pattern: null,
    billing_interval: null,
    trial_days: 0,
    package_items: [],
    ...overrides,
  };
}

let reviewSequence = 0;
const reviewId = (n: number) => `99999999-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A review as a product page lists it, with a fresh id at each call. */
export function aReview(overrides: Partial<Review> = {}): Review {
  reviewSequence += 1;
  return {
    id: reviewId(reviewSequence),
    rating: 5,
    body: 'Does what it says.',
    author: 'bob',
    created_at: '2026-11-20T09:30:00.000Z',
    updated_at: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

/** The signed-in buyer's own review of a product (GET/PUT /api/products/{id}/review's `review`). */
export function anOwnReview(overrides: Partial<OwnReview> = {}): OwnReview {
  reviewSequence += 1;
  return {
    id: reviewId(reviewSequence),
    rating: 4,
    body: 'Good value.',
    created_at: '2026-11-20T09:30:00.000Z',
    updated_at: '2026-11-20T09:30:00.000Z',
    hidden: false,
    ...overrides,
  };
}

/** A review as the admin's Reviews screen lists it, with a fresh id at each call. */
export function anAdminReview(overrides: Partial<AdminReview> = {}): AdminReview {
  reviewSequence += 1;
  return {
    id: reviewId(reviewSequence),
    product_id: PRODUCT_ID,
    product_title: 'Vector Studio Pro',
    user_id: USER_ID,
    username: 'alice',
    rating: 4,
    body: 'Good value.',
    hidden: false,
    counted: true,
    created_at: '2026-11-20T09:30:00.000Z',
    updated_at: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

/** A product as the admin routes answer it: `aProduct` with what only staff see (3 activations per key by default). */
export function anAdminProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  const { max_activations = 3, ...product } = overrides;
  return { ...aProduct(product), max_activations };
}

let auditSequence = 0;

/**
 * An entry of the audit trail as GET /admin/audit answers it: the admin edited a product's price, with a fresh id at
 * each call. The action and the target's kind are worded from the contract, as the API words them.
 */
export function anAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  auditSequence += 1;
  const action = overrides.action ?? 'adminUpdateProduct';
  const targetType = overrides.target_type === undefined ? 'products' : overrides.target_type;
  const words = auditActionOf(action);
  return {
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(auditSequence).padStart(12, '0')}`,
    at: '2026-11-28T10:15:00.000Z',
    actor_id: ADMIN_ID,
    actor_username: 'admin',
    api_key_id: null,
    action,
    action_label: words.label,
    action_area: words.area,
    method: 'PUT',
    path: `/api/admin/products/${PRODUCT_ID}`,
    target_type: targetType,
    target_type_label: auditTargetName(targetType),
    target_id: PRODUCT_ID,
    target_label: 'Vector Studio Pro',
    ip: '203.0.113.7',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
    status_code: 200,
    error_code: null,
    changes: { price: { before: 49.99, after: 39.99 } },
    ...overrides,
  };
}

export const FILE_ID = '77777777-7777-4777-8777-777777777777';

/** A deliverable file of a product, as the admin's files routes answer it. */
export function aProductFile(overrides: Partial<ProductFile> = {}): ProductFile {
  return {
    id: FILE_ID,
    name: 'course-bundle.zip',
    size: 1_572_864,
    sha256: 'a'.repeat(64),
    content_type: 'application/zip',
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** One file of a delivered line, with its signed link and its downloads used. */
export function aDownload(overrides: Partial<OrderDownload> = {}): OrderDownload {
  return {
    file_id: FILE_ID,
    name: 'course-bundle.zip',
    size: 1_572_864,
    url: `/api/downloads/66666666-6666-4666-8666-666666666666/${FILE_ID}?expires=1&signature=${'s'.repeat(43)}`,
    download_count: 1,
    download_limit: 5,
    ...overrides,
  };
}

/** An entry of an order's delivery log: a download by default. */
export function aDeliveryEvent(overrides: Partial<DeliveryEvent> = {}): DeliveryEvent {
  return {
    id: '88888888-8888-4888-8888-888888888888',
    at: '2026-11-22T10:05:00.000Z',
    kind: 'download',
    order_item_id: '66666666-6666-4666-8666-666666666666',
    title: 'Course Bundle',
    file_id: FILE_ID,
    file_name: 'course-bundle.zip',
    ip: '203.0.113.7',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120',
    bytes_sent: 1_572_864,
    range: null,
    keys_shown: null,
    ...overrides,
  };
}

export function aDeliveryLog(overrides: Partial<DeliveryLog> = {}): DeliveryLog {
  return {
    order_id: ORDER_ID,
    delivered_at: '2026-11-22T10:01:00.000Z',
    buyer_email: 'guest@example.com',
    events: [
      aDeliveryEvent({
        id: '99999999-9999-4999-8999-999999999999',
        at: '2026-11-22T10:01:30.000Z',
        kind: 'key_reveal',
        order_item_id: '55555555-5555-4555-8555-555555555555',
        title: 'Vector Studio Pro',
        file_id: null,
        file_name: null,
        bytes_sent: null,
        keys_shown: 2,
      }),
      aDeliveryEvent(),
    ],
    ...overrides,
  };
}

/** How a page of the catalogue ends: its total, whether that is a bound, the next page's cursor and a corrected search. */
export type ProductListPaging = Omit<ProductList, 'products'>;

/**
 * A page of the catalogue: whole products serve the staff list; the public one shows their summaries (a Product
 * is one). The last page of an exact total unless `paging` says otherwise (a `next_after` for Load More).
 */
export function aProductList<P extends ProductList['products'][number]>(
  products: P[],
  total = products.length,
  paging: Partial<Omit<ProductListPaging, 'total'>> = {},
): { products: P[] } & ProductListPaging {
  return { products, total, total_is_lower_bound: false, next_after: null, corrected_search: null, ...paging };
}

/** What the search box suggests: the products given (as suggestions) and the categories given. */
export function searchSuggestions(
  products: readonly Pick<Product, 'id' | 'title' | 'image' | 'price'>[] = [],
  categories: readonly CategoryOption[] = [],
): SearchSuggestions {
  return { products: products.map(({ id, title, image, price }) => ({ id, title, image, price })), categories: [...categories] };
}

/** The product `PRODUCT_ID`, Vector Studio Pro at $19.99: the one `aCartLine()` and `anItem()` refer to. */
export function vectorStudioPro(overrides: Partial<Product> = {}): Product {
  return aProduct({
    id: PRODUCT_ID,
    title: 'Vector Studio Pro',
    description: 'Design tool',
    detailed_description: 'A design tool',
    price: 19.99,
    images: [],
    image: null,
    rating: 4,
    reviews_count: 3,
    ...overrides,
  });
}

/**
 * What GET /api/products answers to a cart's `ids=a,b`: those of `products` that are listed. Read at each
 * call, so a test can change a price between two visits by changing the array.
 */
export function catalogueOf(...products: Product[]): (call: { query: { ids?: string } }) => ProductList {
  return ({ query }) => {
    const ids = query.ids?.split(',') ?? [];
    return aProductList(products.filter((product) => ids.includes(product.id)));
  };
}

/** A cart line of the product `PRODUCT_ID`. */
export function aCartLine(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: PRODUCT_ID,
    title: 'Vector Studio Pro',
    price: 19.99,
    quantity: 1,
    image: null,
    category: 'software',
    product_type: 'single',
    ...overrides,
  };
}

export function anItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    product_id: PRODUCT_ID,
    title: 'Vector Studio Pro',
    quantity: 2,
    price: 19.99,
    delivery: 'license_key',
    ...overrides,
  };
}

/** The lines' sum of an order: its total and its discount, unless a test gives it. */
const subtotalOf = (order: Pick<Order, 'total_amount' | 'discount'>) => Math.round((order.total_amount + (order.discount?.amount ?? 0)) * 100) / 100;

/** A pending guest order of two `Vector Studio Pro` keys, paid with PayPal; without a discount code unless given one. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  const total_amount = overrides.total_amount ?? 39.98;
  const discount = overrides.discount ?? null;
  return {
    id: ORDER_ID,
    user_id: null,
    status: 'pending',
    total_amount,
    subtotal_amount: subtotalOf({ total_amount, discount }),
    discount,
    payment_method: 'paypal',
    payment_id: null,
    created_at: '2026-11-22T10:00:00.000Z',
    invoice_data: { email: 'guest@example.com', name: 'Gus Guest', address: '1 Road', city: 'Leeds', country: 'UK' },
    items: [anItem()],
    expires_at: null,
    goods_included: false,
    test: false,
    ...overrides,
  };
}

/** A delivered order: its first line carries two keys, a second line a file to download. */
export function aDeliveredOrder(overrides: Partial<Order> = {}): Order {
  return anOrder({
    status: 'completed',
    payment_id: 'CAPTURE123',
    goods_included: true,
    items: [
      anItem({ keys: ['AAAA-1111-BBBB', 'CCCC-2222-DDDD'] }),
      anItem({
        id: '66666666-6666-4666-8666-666666666666',
        product_id: OTHER_PRODUCT_ID,
        title: 'Course Bundle',
        quantity: 1,
        price: 5,
        delivery: 'download',
        downloads: [aDownload()],
      }),
    ],
    total_amount: 44.98,
    ...overrides,
  });
}

/** A $0 order as the API answers its creation: completed at once, with its goods, no PayPal. */
export function aFreeOrder(overrides: Partial<Order> = {}): Order {
  const delivered = aDeliveredOrder();
  return aDeliveredOrder({
    payment_method: 'free',
    payment_id: null,
    total_amount: 0,
    items: delivered.items.map((item) => ({ ...item, price: 0 })),
    ...overrides,
  });
}

/**
 * An order as the admin's routes answer it: `anOrder` (or any order given, say `aDeliveredOrder()`'s fields)
 * with no refund, none under way and no dispute unless given.
 */
export function anAdminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const { refund = null, refund_in_progress = false, dispute = null, ...order } = overrides;
  return { ...anOrder(order), refund, refund_in_progress, dispute };
}

/** A refunded order's refund: made by staff with a reason, answered by PayPal with a refund id. */
export function aRefund(overrides: Partial<OrderRefund> = {}): OrderRefund {
  return {
    at: '2026-11-24T15:30:00.000Z',
    origin: 'staff',
    reason: 'Bought the wrong edition',
    refund_id: '1JU08902781691411',
    ...overrides,
  };
}

/** A PayPal dispute still open: the buyer says the item was not received. */
export function aDispute(overrides: Partial<OrderDispute> = {}): OrderDispute {
  return {
    id: 'PP-D-27803',
    status: 'WAITING_FOR_SELLER_RESPONSE',
    reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
    outcome: null,
    opened_at: '2026-11-25T08:15:00.000Z',
    resolved_at: null,
    open: true,
    ...overrides,
  };
}

/** The admin dashboard's figures, no open dispute. */
export function aDashboardStats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    total_products: 24,
    total_orders: 1530,
    total_users: 87,
    total_revenue: 12345.5,
    open_disputes: 0,
    active_subscriptions: 12,
    mrr: 239.88,
    ...overrides,
  };
}

/**
 * The dashboard's revenue over `days` days ending 2026-11-28 (UTC): by default a sale every third day,
 * or the `points` given (oldest first); the totals are the points' sums.
 */
export function aRevenueSeries(
  overrides: Partial<Pick<RevenueSeries, 'days' | 'points'>> & { to?: string } = {},
): RevenueSeries {
  const days = overrides.days ?? overrides.points?.length ?? 30;
  const end = Date.parse(`${overrides.to ?? '2026-11-28'}T00:00:00Z`);
  const dateOf = (index: number) => new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10);
  const points =
    overrides.points ?? Array.from({ length: days }, (_, index) => ({ date: dateOf(index), revenue: index % 3 === 0 ? 49.99 : 0, orders: index % 3 === 0 ? 1 : 0 }));
  const cents = points.reduce((sum, point) => sum + Math.round(point.revenue * 100), 0);
  return {
    days,
    from: points[0]?.date ?? dateOf(0),
    to: points.at(-1)?.date ?? dateOf(days - 1),
    time_zone: 'UTC',
    points,
    total_revenue: cents / 100,
    total_orders: points.reduce((sum, point) => sum + point.orders, 0),
  };
}

/** A guest order as the API answers it without the order's access token: no buyer, no payment, no goods. */
export function anOrderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  const { id, status, total_amount, subtotal_amount, discount, created_at, expires_at, items, test } = anOrder();
  return {
    id,
    status,
    total_amount,
    subtotal_amount,
    discount,
    created_at,
    expires_at,
    items: items.map(({ id: itemId, product_id, title, quantity, price, delivery }) => ({ id: itemId, product_id, title, quantity, price, delivery })),
    goods_included: false,
    test,
    ...overrides,
  };
}

export const DISCOUNT_ID = '88888888-8888-4888-8888-888888888888';

/** An active discount code of 10% off everything, not used yet (docs/decisions/028-discount-codes.md). */
export function aDiscountCode(overrides: Partial<DiscountCode> = {}): DiscountCode {
  return {
    id: DISCOUNT_ID,
    code: 'SPRING10',
    kind: 'percent',
    value: 10,
    min_order: null,
    starts_at: null,
    ends_at: null,
    max_uses: null,
    max_uses_per_buyer: null,
    product_ids: [],
    categories: [],
    disabled: false,
    status: 'active',
    uses: 0,
    discount_total: 0,
    created_at: '2026-11-28T09:00:00.000Z',
    updated_at: '2026-11-28T09:00:00.000Z',
    ...overrides,
  };
}

/** A promise with its resolve function, to hold an answer back while a test looks at the loading state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A promise that never settles: a request still on its way. */
export const never = <T>(): Promise<T> => new Promise<T>(() => {});
