import { describe, expect, it } from 'vitest';
import { checkWebhookDraft, emptyWebhookDraft, sortEvents } from './webhook-draft.ts';

describe('the Add endpoint form', () => {
  it('asks for an address and at least one event', () => {
    expect(checkWebhookDraft(emptyWebhookDraft())).toEqual({
      ok: false,
      errors: { url: 'Enter the address the store sends events to', events: 'Choose at least one event' },
    });
  });

  it('refuses an address that is not http(s)', () => {
    const draft = { ...emptyWebhookDraft(), url: 'ftp://crm.example.com/hooks', events: ['order.paid' as const] };
    expect(checkWebhookDraft(draft)).toEqual({ ok: false, errors: { url: 'Enter an http(s) address' } });
    expect(checkWebhookDraft({ ...draft, url: 'crm.example.com' })).toMatchObject({ ok: false, errors: { url: 'Enter an http(s) address' } });
  });

  it('sends the whole body, the address and description without their spaces', () => {
    const draft = { url: ' https://crm.example.com/hooks ', description: ' CRM ', events: ['order.paid' as const], enabled: false };
    expect(checkWebhookDraft(draft)).toEqual({
      ok: true,
      value: { url: 'https://crm.example.com/hooks', description: 'CRM', events: ['order.paid'], enabled: false },
    });
  });

  it("keeps the events in the contract's order and drops any it does not know", () => {
    expect(sortEvents(['review.created', 'webhook.test', 'order.paid'])).toEqual(['order.paid', 'review.created']);
  });
});
