import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamptz column: read as a Date, written as a Date or an ISO string; optional on insert (it has a default). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<string>;
  username: string;
  email: string;
  password_hash: string;
  role: 'admin' | 'user';
  is_active: Generated<boolean>;
  /** Raised to end every session of the account (logout everywhere, password change). */
  token_version: Generated<number>;
  created_at: Timestamp;
}

export interface ProductsTable {
  id: Generated<string>;
  title: string;
  description: string;
  detailed_description: string;
  price_cents: number;
  category: string;
  product_type: string;
  images: Json<string[]>;
  features: Json<string[]>;
  system_requirements: Json<Record<string, string>>;
  stock_quantity: number;
  /** Rating in tenths (0..50), so 4.5 stars is 45. */
  rating_tenths: Generated<number>;
  reviews_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set when staff delete the product: it leaves the catalogue, orders keep pointing at it. */
  archived_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SiteSettingsTable {
  id: Generated<number>;
  site_name: string;
  primary_color: string;
  secondary_color: string;
  font_family: string;
  theme: string;
  logo_url: string | null;
  coingate_api_key: string;
  coingate_environment: string;
  paypal_client_id: string;
  paypal_client_secret: string;
  paypal_environment: string;
  smtp_host: string;
  smtp_port: number;
  smtp_username: string;
  smtp_password: string;
  smtp_use_tls: boolean;
  smtp_from_email: string;
  smtp_from_name: string;
  updated_at: Timestamp;
}

/** Small server-side values that must survive restarts and be shared by every instance. */
export interface AppMetaTable {
  key: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  products: ProductsTable;
  site_settings: SiteSettingsTable;
  app_meta: AppMetaTable;
}

export type UserRow = Selectable<UsersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type SiteSettingsRow = Selectable<SiteSettingsTable>;
