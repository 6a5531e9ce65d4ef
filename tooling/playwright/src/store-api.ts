import { randomBytes } from 'node:crypto';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import type { AuthResponse, Product, ProductFile, ProductInput, ProductList, ProductSummary, RegisterBody, SiteInfo } from '@store/contracts';
import { E2E_ADMIN_PASSWORD } from './store.ts';

/** A signed-in account as the API answers it; what `loginAs` stores in the browser. */
export type Session = Pick<AuthResponse, 'access_token' | 'user'>;

/** A freshly registered account, with the password it was registered with. */
export type RegisteredUser = AuthResponse & { password: string };

// The demo seed gives these categories a pool of licence keys (apps/api/src/catalog/demo/seed.ts); the
// public product omits its delivery kind, so the category is how a test finds a product sold by key.
const KEYED_CATEGORIES: ReadonlySet<string> = new Set(['software', 'licenses']);

/** A name no other test uses: 3-32 letters, digits and underscores, as usernames must be. */
export function uniqueName(prefix = 'u'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

async function json<T>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The store's API for setting up a test's data, over Playwright's request context (the config's baseURL). */
export class StoreApi {
  constructor(readonly request: APIRequestContext) {}

  async siteInfo(): Promise<SiteInfo> {
    return json(await this.request.get('/api/site-info'), 'GET /api/site-info');
  }

  /** Registers a new account (unique name and email unless given) and answers its session. */
  async registerUser(overrides: Partial<RegisterBody> = {}): Promise<RegisteredUser> {
    const username = overrides.username ?? uniqueName();
    const body: RegisterBody = { username, email: `${username}@example.com`, password: 'e2e-password', ...overrides };
    const auth = await json<AuthResponse>(await this.request.post('/api/auth/register', { data: body }), 'POST /api/auth/register');
    return { ...auth, password: body.password };
  }

  async login(username: string, password: string): Promise<AuthResponse> {
    return json(await this.request.post('/api/auth/login', { data: { username, password } }), 'POST /api/auth/login');
  }

  async loginAdmin(): Promise<AuthResponse> {
    return this.login('admin', E2E_ADMIN_PASSWORD);
  }

  /** Adds a product to the catalogue as the admin (or as `admin`'s given session). */
  async createProduct(input: ProductInput, admin?: Session): Promise<Product> {
    const token = (admin ?? (await this.loginAdmin())).access_token;
    const response = await this.request.post('/api/admin/products', { data: input, headers: { Authorization: `Bearer ${token}` } });
    if (response.status() !== 201) throw new Error(`POST /api/admin/products: HTTP ${response.status()} ${await response.text()}`);
    return (await response.json()) as Product;
  }

  /** Attaches a deliverable file to a product as the admin (multipart, as the admin app sends it). */
  async uploadProductFile(productId: string, file: { name: string; buffer: Buffer }, admin?: Session): Promise<ProductFile> {
    const token = (admin ?? (await this.loginAdmin())).access_token;
    const response = await this.request.post(`/api/admin/products/${productId}/files`, {
      multipart: { file: { name: file.name, mimeType: 'application/octet-stream', buffer: file.buffer } },
      headers: { Authorization: `Bearer ${token}` },
    });
    return json(response, `POST /api/admin/products/${productId}/files`);
  }

  /** The first page of the catalogue in its default order (the demo catalogue fits on it). */
  async products(): Promise<ProductSummary[]> {
    const list = await json<ProductList>(await this.request.get('/api/products?limit=50'), 'GET /api/products');
    return list.products;
  }

  /**
   * A product on sale with stock that a one-off order can take (not a subscription: those are subscribed to on
   * their own), delivered by licence key when the catalogue has one (the demo's software and licences).
   */
  async firstProductWithStock(): Promise<ProductSummary> {
    const inStock = (await this.products()).filter((product) => product.stock_quantity > 0 && product.product_type !== 'subscription');
    const product = inStock.find((candidate) => KEYED_CATEGORIES.has(candidate.category)) ?? inStock[0];
    if (product === undefined) throw new Error('The catalogue has no product in stock');
    return product;
  }
}
