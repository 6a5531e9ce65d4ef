import {
  DiscountCodeInputSchema,
  discountInputProblem,
  type Category,
  type DiscountCode,
  type DiscountCodeInput,
  type DiscountKind,
} from '@store/contracts';
import { checkForm, type SchemaForm } from '../forms/typebox-resolver.ts';

/**
 * The discount code form as typed: numbers and dates as text (dates from `datetime-local`, in the browser's
 * time zone), the scope as chosen ids. `toDiscountInput` makes the API's body; `DISCOUNT_FORM` checks it with
 * the contract's schema and `discountInputProblem`, as the API does (docs/decisions/028-discount-codes.md).
 */
export interface DiscountDraft {
  code: string;
  kind: DiscountKind;
  /** A percentage or dollars, by kind. */
  value: string;
  min_order: string;
  starts_at: string;
  ends_at: string;
  max_uses: string;
  max_uses_per_buyer: string;
  product_ids: string[];
  categories: Category[];
}

export type DiscountField =
  'code' | 'kind' | 'value' | 'min_order' | 'starts_at' | 'ends_at' | 'max_uses' | 'max_uses_per_buyer' | 'product_ids' | 'categories';

export function emptyDiscountDraft(): DiscountDraft {
  return {
    code: '',
    kind: 'percent',
    value: '',
    min_order: '',
    starts_at: '',
    ends_at: '',
    max_uses: '',
    max_uses_per_buyer: '',
    product_ids: [],
    categories: [],
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as `datetime-local` shows it, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (the browser's time zone) as an ISO time; empty is no date, unreadable text stays as typed (the schema refuses it). */
function fromLocalInput(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const date = new Date(trimmed);
  return Number.isNaN(date.getTime()) ? trimmed : date.toISOString();
}

export function draftFromCode(code: DiscountCode): DiscountDraft {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    code: code.code,
    kind: code.kind,
    value: String(code.value),
    min_order: text(code.min_order),
    starts_at: toLocalInput(code.starts_at),
    ends_at: toLocalInput(code.ends_at),
    max_uses: text(code.max_uses),
    max_uses_per_buyer: text(code.max_uses_per_buyer),
    product_ids: [...code.product_ids],
    categories: [...code.categories],
  };
}

/** A number as typed; empty is null (no rule), text that is no number NaN (the schema names the field). */
function optionalNumber(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

export function toDiscountInput(draft: DiscountDraft): DiscountCodeInput {
  return {
    code: draft.code.trim(),
    kind: draft.kind,
    value: draft.value.trim() === '' ? Number.NaN : Number(draft.value.trim()),
    min_order: optionalNumber(draft.min_order),
    starts_at: fromLocalInput(draft.starts_at),
    ends_at: fromLocalInput(draft.ends_at),
    max_uses: optionalNumber(draft.max_uses),
    max_uses_per_buyer: optionalNumber(draft.max_uses_per_buyer),
    product_ids: draft.product_ids,
    categories: draft.categories,
  };
}

const FIELDS: readonly DiscountField[] = [
  'code',
  'kind',
  'value',
  'min_order',
  'starts_at',
  'ends_at',
  'max_uses',
  'max_uses_per_buyer',
  'product_ids',
  'categories',
];

function fieldOf(path: string): DiscountField | null {
  const head = path.split('.')[0] as DiscountField;
  return FIELDS.includes(head) ? head : null;
}

export const DISCOUNT_FORM: SchemaForm<DiscountDraft, typeof DiscountCodeInputSchema, DiscountField> = {
  schema: DiscountCodeInputSchema,
  toInput: toDiscountInput,
  fieldOf,
  messages: {
    min_order: 'The minimum order is an amount in dollars, or empty for none',
    starts_at: 'Pick a start date and time, or leave it empty',
    ends_at: 'Pick an end date and time, or leave it empty',
  },
  rules: (draft, input) => {
    const errors: Partial<Record<DiscountField, string>> = {};
    if (draft.value.trim() === '')
      errors.value = draft.kind === 'percent' ? 'Enter the percentage off, 1 to 100' : 'Enter the amount off in dollars';
    else if (Number.isFinite(input.value)) {
      const problem = discountInputProblem(input);
      if (problem) errors[problem.field as DiscountField] = problem.message;
    }
    return errors;
  },
};

/** Checks the form as the API will check its body. */
export function checkDiscountDraft(draft: DiscountDraft) {
  return checkForm(DISCOUNT_FORM, draft);
}
