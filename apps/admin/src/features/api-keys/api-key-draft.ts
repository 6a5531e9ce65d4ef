import { CreateApiKeyBodySchema, type ApiKeyScope, type CreateApiKeyBody } from '@store/contracts';
import { checkForm, type SchemaForm } from '../forms/typebox-resolver.ts';

/**
 * The New API key form as typed: the name, the scopes ticked, and the last day the key works as a date
 * input gives it (`2026-12-31`, empty for never). `toCreateApiKeyBody` makes the API's body; `API_KEY_FORM`
 * checks it with the contract's schema, as the API does (docs/decisions/056-api-keys.md).
 */
export interface ApiKeyDraft {
  name: string;
  scopes: ApiKeyScope[];
  /** A `type="date"` value, in the browser's time zone; empty: the key does not expire. */
  expires_on: string;
}

export type ApiKeyField = keyof ApiKeyDraft;

export function emptyApiKeyDraft(): ApiKeyDraft {
  return { name: '', scopes: [], expires_on: '' };
}

const DATE_INPUT = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (value: number) => String(value).padStart(2, '0');

/** A day as a date input writes it (`2026-12-31`), in the browser's time zone. */
export function toDateInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The last moment of a day typed in a date input, in the browser's time zone, as an ISO time: a key set to
 * expire on the 31st works all through the 31st where staff are. Null for no text; unreadable text stays
 * as typed, for the schema to refuse.
 */
export function endOfDay(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = DATE_INPUT.exec(trimmed);
  if (!match) return trimmed;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const end = new Date(year, month - 1, day, 23, 59, 59, 999);
  // 2026-02-31 would roll over into March: not a day.
  if (end.getFullYear() !== year || end.getMonth() !== month - 1 || end.getDate() !== day) return trimmed;
  return end.toISOString();
}

export function toCreateApiKeyBody(draft: ApiKeyDraft): CreateApiKeyBody {
  return { name: draft.name.trim(), scopes: draft.scopes, expires_at: endOfDay(draft.expires_on) };
}

function fieldOf(path: string): ApiKeyField | null {
  const head = path.split('.')[0];
  if (head === 'name' || head === 'scopes') return head;
  if (head === 'expires_at') return 'expires_on';
  return null;
}

/** The form's rules; `now` is a parameter so the tests can hold the clock. */
export function apiKeyForm(now: () => Date = () => new Date()): SchemaForm<ApiKeyDraft, typeof CreateApiKeyBodySchema, ApiKeyField> {
  return {
    schema: CreateApiKeyBodySchema,
    toInput: toCreateApiKeyBody,
    fieldOf,
    messages: { expires_on: 'Pick a date, or leave it empty for a key that never expires' },
    // The API refuses an expiry in the past (400 validation_error): the form says so first.
    rules: (_draft, input) => {
      const expires = input.expires_at ? new Date(input.expires_at) : null;
      return expires && !Number.isNaN(expires.getTime()) && expires.getTime() <= now().getTime()
        ? { expires_on: 'Pick today or a later day: a key cannot expire in the past' }
        : {};
    },
  };
}

export const API_KEY_FORM = apiKeyForm();

/** Checks the form as the API will check its body. */
export function checkApiKeyDraft(draft: ApiKeyDraft, now?: () => Date) {
  return checkForm(now ? apiKeyForm(now) : API_KEY_FORM, draft);
}
