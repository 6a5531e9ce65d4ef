import {
  DEFAULT_CATEGORY,
  DEFAULT_KEY_PATTERN,
  DEFAULT_PRODUCT_TYPE,
  KEY_ALPHABET,
  LIMITS,
  ProductInputSchema,
  SystemRequirementsSchema,
  hasWholeCents,
  type Category,
  type AdminProduct,
  type KeyMode,
  type ProductInput,
  type ProductType,
} from '@store/contracts';
import { checkForm, type SchemaForm } from '../forms/typebox-resolver.ts';
import {
  type SubscriptionDraft,
  type SubscriptionField,
  emptySubscriptionDraft,
  subscriptionDraftOf,
  subscriptionInput,
  subscriptionProblems,
} from './subscription-draft.ts';

/**
 * The product form as typed (spec section 5): text fields as the admin typed them, the lists as built
 * with the prompts. `toProductInput` turns it into the API's body; `PRODUCT_FORM` maps it to the
 * contract's own schema for the form's resolver, and `checkProductDraft` checks it as the API will.
 */
export interface ProductDraft extends SubscriptionDraft {
  title: string;
  /** Dollars as typed, e.g. '19.99'. */
  price: string;
  category: Category;
  product_type: ProductType;
  description: string;
  detailed_description: string;
  /** Addresses the upload answered (`/uploads/...`), in display order; the first is the card image. */
  images: string[];
  features: string[];
  /** Name and value pairs in the order they were added. */
  requirements: [name: string, value: string][];
  /** As typed; optional, anything non-numeric counts as 0. */
  stock: string;
  /** Downloads of each file per purchase, as typed. */
  download_limit: string;
  /** Instances (machines) one sold key may be activated on through the licence check API, as typed; 0 sets no limit. */
  max_activations: string;
  key_mode: KeyMode;
  /** The generated keys' pattern, kept while the mode is `pool` so switching back does not lose it. */
  key_pattern: string;
  /** A package's members, kept while the type is another so switching back does not lose them; quantities as typed. */
  package_items: PackageMemberDraft[];
}

/** A member picked for a package: the product, its title as found, and its units in one package as typed. */
export interface PackageMemberDraft {
  product_id: string;
  title: string;
  quantity: string;
}

export type ProductField =
  | 'title'
  | 'price'
  | 'description'
  | 'detailed_description'
  | 'images'
  | 'features'
  | 'requirements'
  | 'stock'
  | 'download_limit'
  | 'max_activations'
  | 'key_mode'
  | 'key_pattern'
  | 'package_items'
  | SubscriptionField;
export type ProductErrors = Partial<Record<ProductField, string>>;

const properties = ProductInputSchema.properties;
/** A bound of a contract schema (a plain JSON Schema keyword), so the form's limits are written once. */
function bound(schema: object, keyword: 'maxLength' | 'maxItems' | 'maxProperties' | 'maximum', fallback: number): number {
  const value = (schema as Record<string, unknown>)[keyword];
  return typeof value === 'number' ? value : fallback;
}

export const PRODUCT_LIMITS = {
  titleMax: bound(properties.title, 'maxLength', 200),
  descriptionMax: bound(properties.description, 'maxLength', 1000),
  detailedDescriptionMax: bound(properties.detailed_description, 'maxLength', 20_000),
  images: bound(properties.images, 'maxItems', 12),
  features: bound(properties.features, 'maxItems', 30),
  featureMax: bound(properties.features.items, 'maxLength', 200),
  requirements: bound(SystemRequirementsSchema, 'maxProperties', 20),
  requirementNameMax: 60,
  requirementValueMax: 200,
  priceMax: bound(properties.price, 'maximum', 1_000_000),
  stockMax: bound(properties.stock_quantity, 'maximum', 1_000_000),
  downloadLimitMax: LIMITS.downloadLimitMax,
  maxActivationsMax: LIMITS.maxActivationsMax,
  keyPatternMax: LIMITS.keyPatternMaxLength,
} as const;

/** The contract's sentence for a download limit out of bounds, also said for text that is no number at all. */
const DOWNLOAD_LIMIT_MESSAGE = (() => {
  const message = (properties.download_limit as { errorMessage?: unknown }).errorMessage;
  return typeof message === 'string' ? message : `The download limit is a whole number from 1 to ${LIMITS.downloadLimitMax}`;
})();

/** The contract's sentence for an activation limit out of bounds, likewise said for text that is no number. */
const MAX_ACTIVATIONS_MESSAGE = (() => {
  const message = (properties.max_activations as { errorMessage?: unknown }).errorMessage;
  return typeof message === 'string' ? message : `The activation limit is a whole number from 0 (no limit) to ${LIMITS.maxActivationsMax}`;
})();

export function emptyDraft(): ProductDraft {
  return {
    title: '',
    price: '',
    category: DEFAULT_CATEGORY,
    product_type: DEFAULT_PRODUCT_TYPE,
    description: '',
    detailed_description: '',
    images: [],
    features: [],
    requirements: [],
    stock: '',
    download_limit: String(LIMITS.downloadLimitDefault),
    max_activations: String(LIMITS.maxActivationsDefault),
    key_mode: 'pool',
    key_pattern: DEFAULT_KEY_PATTERN,
    package_items: [],
    ...emptySubscriptionDraft(),
  };
}

/** Every field of a saved product, for the edit form. */
export function draftFromProduct(product: AdminProduct): ProductDraft {
  const images = product.images.length > 0 ? product.images : product.image ? [product.image] : [];
  return {
    title: product.title,
    price: String(product.price),
    category: product.category,
    product_type: product.product_type,
    description: product.description,
    detailed_description: product.detailed_description,
    images: [...images],
    features: [...product.features],
    requirements: Object.entries(product.system_requirements),
    stock: String(product.stock_quantity),
    download_limit: String(product.download_limit),
    max_activations: String(product.max_activations),
    key_mode: product.key_mode,
    key_pattern: product.key_pattern ?? DEFAULT_KEY_PATTERN,
    package_items: product.package_items.map((item) => ({ product_id: item.product_id, title: item.title, quantity: String(item.quantity) })),
    ...subscriptionDraftOf(product),
  };
}

/** Stock as the API takes it: a whole number; empty or non-numeric text counts as 0 (spec section 5). */
export function parseStock(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isNaN(value) ? 0 : value;
}

/** The price as a number; NaN when the text is not one (the check names the problem). */
function parsePrice(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** A limit (downloads, activations) as a number; NaN for empty or non-numeric text (the check names the bounds). */
function parseLimit(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/**
 * A key as the API would generate it from `pattern`, for the form's preview only: every `X` becomes a
 * random character of KEY_ALPHABET. Its 32 characters divide 256 evenly, so a random byte picks one without bias.
 */
export function exampleKey(pattern: string, random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const count = pattern.split('X').length - 1;
  const bytes = random(new Uint8Array(count));
  let next = 0;
  return pattern.replace(/X/g, () => KEY_ALPHABET[(bytes[next++] ?? 0) % KEY_ALPHABET.length] ?? 'X');
}

export function toProductInput(draft: ProductDraft): ProductInput {
  return {
    title: draft.title,
    price: parsePrice(draft.price),
    category: draft.category,
    product_type: draft.product_type,
    description: draft.description,
    detailed_description: draft.detailed_description,
    images: draft.images,
    features: draft.features,
    system_requirements: Object.fromEntries(draft.requirements),
    stock_quantity: parseStock(draft.stock),
    download_limit: parseLimit(draft.download_limit),
    max_activations: parseLimit(draft.max_activations),
    key_mode: draft.key_mode,
    // A pool product keeps no pattern; one typed before switching back to the pool is not sent.
    key_pattern: draft.key_mode === 'generated' ? draft.key_pattern.trim() : null,
    // Only a package has members (docs/decisions/038-packages.md); other types send none.
    package_items:
      draft.product_type === 'package' ? draft.package_items.map((item) => ({ product_id: item.product_id, quantity: parseLimit(item.quantity) })) : [],
    ...subscriptionInput(draft),
  };
}

/** What is wrong with a package's members, as the API would say it, or null. */
export function packageItemsProblem(draft: Pick<ProductDraft, 'product_type' | 'package_items'>): string | null {
  if (draft.product_type !== 'package') return null;
  const count = draft.package_items.length;
  if (count < LIMITS.packageMinItems || count > LIMITS.packageMaxItems) {
    return `A package has ${LIMITS.packageMinItems} to ${LIMITS.packageMaxItems} products; add them with the search below (${count} now)`;
  }
  const bad = draft.package_items.find((item) => {
    const quantity = parseLimit(item.quantity);
    return !Number.isInteger(quantity) || quantity < 1 || quantity > LIMITS.packageItemMaxQuantity;
  });
  if (bad) return `The quantity of "${bad.title}" is a whole number from 1 to ${LIMITS.packageItemMaxQuantity}`;
  const units = draft.package_items.reduce((sum, item) => sum + parseLimit(item.quantity), 0);
  if (units > LIMITS.orderMaxUnits) {
    return `A package delivers at most ${LIMITS.orderMaxUnits} units in all, what one order may hold; these products add up to ${units}`;
  }
  return null;
}

function priceProblem(text: string): string | null {
  const price = parsePrice(text);
  if (text.trim() === '') return 'Price is required';
  if (!Number.isFinite(price)) return 'Enter the price in dollars, e.g. 19.99';
  if (price < 0) return 'Price cannot be negative';
  if (price > PRODUCT_LIMITS.priceMax) return `Price can be at most $${PRODUCT_LIMITS.priceMax.toLocaleString('en-US')}`;
  if (!hasWholeCents(price)) return 'Price goes in steps of 0.01 (at most two decimals)';
  return null;
}

function stockProblem(stock: number): string | null {
  if (stock < 0) return 'Stock cannot be negative';
  if (stock > PRODUCT_LIMITS.stockMax) return `Stock can be at most ${PRODUCT_LIMITS.stockMax.toLocaleString('en-US')}`;
  return null;
}

function fieldOf(path: string): ProductField | null {
  const head = path.split('.')[0];
  switch (head) {
    case 'title':
    case 'description':
    case 'detailed_description':
    case 'images':
    case 'features':
      return head;
    case 'price':
      return 'price';
    case 'stock_quantity':
      return 'stock';
    case 'system_requirements':
      return 'requirements';
    case 'download_limit':
    case 'max_activations':
    case 'key_mode':
    case 'key_pattern':
    case 'package_items':
    case 'billing_interval':
    case 'trial_days':
      return head;
    default:
      return null;
  }
}

/**
 * The form against the contract's ProductInputSchema (its messages: 'Product name is required'...),
 * plus the rule the API adds (whole cents), with messages a person can act on for the numbers.
 */
export const PRODUCT_FORM: SchemaForm<ProductDraft, typeof ProductInputSchema, ProductField> = {
  schema: ProductInputSchema,
  toInput: toProductInput,
  fieldOf,
  rules: (draft, input) => {
    const errors: ProductErrors = {};
    const price = priceProblem(draft.price);
    if (price) errors.price = price;
    const stock = stockProblem(input.stock_quantity);
    if (stock) errors.stock = stock;
    // Text that is no number gets the contract's sentence about the bounds, not 'must be a finite number'.
    if (!Number.isFinite(input.download_limit)) errors.download_limit = DOWNLOAD_LIMIT_MESSAGE;
    if (!Number.isFinite(input.max_activations)) errors.max_activations = MAX_ACTIVATIONS_MESSAGE;
    const members = packageItemsProblem(draft);
    if (members) errors.package_items = members;
    return { ...errors, ...subscriptionProblems(draft) };
  },
};

/** Checks the form as the API will check its body: the body, or one message per field. */
export function checkProductDraft(draft: ProductDraft): { ok: true; value: ProductInput } | { ok: false; errors: ProductErrors } {
  return checkForm(PRODUCT_FORM, draft);
}

/** A feature typed in the prompt: cancel, empty or blank answers add nothing (spec section 5). */
export function addFeature(features: readonly string[], answer: string | null): { features: string[]; problem?: string } {
  const feature = answer?.trim() ?? '';
  if (!feature) return { features: [...features] };
  if (feature.length > PRODUCT_LIMITS.featureMax) return { features: [...features], problem: `A feature can be at most ${PRODUCT_LIMITS.featureMax} characters` };
  if (features.length >= PRODUCT_LIMITS.features) return { features: [...features], problem: `A product can list at most ${PRODUCT_LIMITS.features} features` };
  return { features: [...features, feature] };
}

/**
 * A system requirement from its two prompts: it needs both a name and a value, else nothing is added
 * (spec section 5). A name already listed (in any case) takes the new value, as the API refuses a name twice.
 */
export function addRequirement(
  requirements: readonly [string, string][],
  nameAnswer: string | null,
  valueAnswer: string | null,
): { requirements: [string, string][]; problem?: string } {
  const name = nameAnswer?.trim() ?? '';
  const value = valueAnswer?.trim() ?? '';
  const unchanged = requirements.map(([n, v]) => [n, v] as [string, string]);
  if (!name || !value) return { requirements: unchanged };
  if (name.length > PRODUCT_LIMITS.requirementNameMax) return { requirements: unchanged, problem: `A requirement name can be at most ${PRODUCT_LIMITS.requirementNameMax} characters` };
  if (value.length > PRODUCT_LIMITS.requirementValueMax) return { requirements: unchanged, problem: `A requirement value can be at most ${PRODUCT_LIMITS.requirementValueMax} characters` };
  const existing = unchanged.findIndex(([n]) => n.toLowerCase() === name.toLowerCase());
  if (existing >= 0) {
    unchanged[existing] = [name, value];
    return { requirements: unchanged };
  }
  if (unchanged.length >= PRODUCT_LIMITS.requirements) return { requirements: unchanged, problem: `A product can list at most ${PRODUCT_LIMITS.requirements} requirements` };
  return { requirements: [...unchanged, [name, value]] };
}
