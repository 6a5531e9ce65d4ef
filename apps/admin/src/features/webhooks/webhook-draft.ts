import {
  WEBHOOK_EVENT_TYPES,
  WebhookEndpointBodySchema,
  type WebhookEndpoint,
  type WebhookEndpointBody,
} from '@store/contracts';
import { checkForm, type SchemaForm } from '../forms/typebox-resolver.ts';

/** An event staff may subscribe an endpoint to (`webhook.test` is sent only by Send test). */
export type SubscribableEvent = (typeof WEBHOOK_EVENT_TYPES)[number]['value'];

/**
 * The Add / Edit endpoint form as typed. `toWebhookEndpointBody` makes the API's whole body (the same for
 * POST and PUT, which replaces the endpoint); `WEBHOOK_FORM` checks it with the contract's schema, as the
 * API does (docs/decisions/057-webhooks.md).
 */
export interface WebhookDraft {
  url: string;
  description: string;
  events: SubscribableEvent[];
  enabled: boolean;
}

export type WebhookField = keyof WebhookDraft;

export function emptyWebhookDraft(): WebhookDraft {
  return { url: '', description: '', events: [], enabled: true };
}

/** The form filled with an endpoint as the API listed it. */
export function webhookDraftOf(endpoint: WebhookEndpoint): WebhookDraft {
  return { url: endpoint.url, description: endpoint.description, events: sortEvents(endpoint.events), enabled: endpoint.enabled };
}

/** Events in the contract's order, whatever the order they were ticked in. */
export function sortEvents(events: readonly string[]): SubscribableEvent[] {
  return WEBHOOK_EVENT_TYPES.map((entry) => entry.value).filter((value) => events.includes(value));
}

export function toWebhookEndpointBody(draft: WebhookDraft): WebhookEndpointBody {
  return { url: draft.url.trim(), description: draft.description.trim(), events: draft.events, enabled: draft.enabled };
}

function fieldOf(path: string): WebhookField | null {
  const head = path.split('.')[0];
  return head === 'url' || head === 'description' || head === 'events' || head === 'enabled' ? head : null;
}

export const WEBHOOK_FORM: SchemaForm<WebhookDraft, typeof WebhookEndpointBodySchema, WebhookField> = {
  schema: WebhookEndpointBodySchema,
  toInput: toWebhookEndpointBody,
  fieldOf,
  // An empty address is asked for in words of its own; a wrong one gets the schema's 'Enter an http(s) address'.
  rules: (draft) => (draft.url.trim() === '' ? { url: 'Enter the address the store sends events to' } : {}),
};

/** Checks the form as the API will check its body. */
export function checkWebhookDraft(draft: WebhookDraft) {
  return checkForm(WEBHOOK_FORM, draft);
}
