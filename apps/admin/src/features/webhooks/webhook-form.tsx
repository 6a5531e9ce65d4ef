import {
  LIMITS,
  WEBHOOK_EVENT_TYPES,
  type CreatedWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEndpointBody,
} from '@store/contracts';
import { Button, Checkbox, Modal, Notice, TextField, withDetail } from '@store/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import * as formStyles from '../layout/form.css.ts';
import * as products from '../products/products.css.ts';
import { WEBHOOK_FORM, emptyWebhookDraft, sortEvents, webhookDraftOf, type SubscribableEvent } from './webhook-draft.ts';
import { endpointName } from './webhook-labels.tsx';
import * as styles from './webhooks.css.ts';
import { ADMIN_WEBHOOKS_KEY, adminWebhooksQueryOptions } from './queries.ts';

export interface WebhookFormModalProps {
  open: boolean;
  /** The endpoint to edit; null: a new one. */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  /** A new endpoint and its secret, as the API answered them this once. */
  onCreated: (created: CreatedWebhookEndpoint) => void;
  /** The endpoint as the API answered the change. */
  onSaved: (endpoint: WebhookEndpoint) => void;
}

/** Add endpoint / Edit endpoint: the form starts from the endpoint (or empty) each time it opens. */
export function WebhookFormModal({ open, endpoint, onClose, onCreated, onSaved }: WebhookFormModalProps) {
  const title = endpoint ? 'Edit endpoint' : 'Add endpoint';
  return (
    <Modal open={open} title={title} onClose={onClose} closeLabel={endpoint ? 'Cancel the changes' : 'Cancel the new endpoint'}>
      <WebhookForm key={endpoint?.id ?? 'new'} endpoint={endpoint} title={title} onCancel={onClose} onCreated={onCreated} onSaved={onSaved} />
    </Modal>
  );
}

interface WebhookFormProps {
  endpoint: WebhookEndpoint | null;
  title: string;
  onCancel: () => void;
  onCreated: (created: CreatedWebhookEndpoint) => void;
  onSaved: (endpoint: WebhookEndpoint) => void;
}

function WebhookForm({ endpoint, title, onCancel, onCreated, onSaved }: WebhookFormProps) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(WEBHOOK_FORM, () => (endpoint ? webhookDraftOf(endpoint) : emptyWebhookDraft()));
  const { field, input, control, setValue, clearErrors, getFieldState, formState } = form;
  const events = useWatch({ control, name: 'events' });
  const eventsError = getFieldState('events', formState).error?.message;
  const eventsErrorId = useId();

  const save = useMutation({
    mutationFn: async (body: WebhookEndpointBody) =>
      endpoint
        ? { kind: 'saved' as const, endpoint: await api.adminUpdateWebhook({ params: { id: endpoint.id }, body }) }
        : { kind: 'created' as const, created: await api.adminCreateWebhook({ body }) },
    onSuccess: (answer) => {
      if (answer.kind === 'created') {
        toast.success(`Endpoint ${endpointName(answer.created.endpoint)} added`);
        onCreated(answer.created);
      } else {
        // The row shows the change at once, before the list is fetched again.
        queryClient.setQueryData(adminWebhooksQueryOptions().queryKey, (list) =>
          list && { endpoints: list.endpoints.map((entry) => (entry.id === answer.endpoint.id ? answer.endpoint : entry)) },
        );
        toast.success(`Endpoint ${endpointName(answer.endpoint)} saved`);
        onSaved(answer.endpoint);
      }
      void queryClient.invalidateQueries({ queryKey: ADMIN_WEBHOOKS_KEY });
    },
    // The form stays open with what was typed; the API's reason (say, an address it will not send to) in the toast.
    onError: (failure) => toast.error(withDetail(endpoint ? 'Error saving the endpoint' : 'Error adding the endpoint', failure)),
  });

  const toggle = (event: SubscribableEvent, on: boolean) => {
    setValue('events', sortEvents(on ? [...events, event] : events.filter((entry) => entry !== event)), { shouldDirty: true });
    clearErrors('events');
  };

  return (
    <form ref={form.formRef} noValidate className={products.form} aria-label={title} onSubmit={form.submitWith(save)}>
      {endpoint?.disabled_reason && (
        <Notice tone="warning" title="The store turned this endpoint off" live="none">
          <p>{endpoint.disabled_reason.replace(/\.$/, '')}. Fix the receiver, then turn it on again here: the store sends new events from then on.</p>
        </Notice>
      )}
      <TextField
        label="Address"
        type="url"
        inputMode="url"
        required
        maxLength={LIMITS.webhookUrlMaxLength}
        autoComplete="off"
        spellCheck={false}
        placeholder="https://crm.example.com/hooks/store"
        hint="The store POSTs each event here as JSON"
        {...field('url')}
      />
      <TextField label="Description" maxLength={200} autoComplete="off" hint="Optional: which system listens, e.g. CRM" {...field('description')} />

      {/* Focusable from code: a refused submit moves the focus to the first field with a message, this group too. */}
      <fieldset
        className={products.section}
        tabIndex={-1}
        aria-invalid={eventsError ? true : undefined}
        aria-describedby={eventsError ? eventsErrorId : undefined}
      >
        <legend className={products.legend}>Events to send</legend>
        <div className={styles.eventList}>
          {WEBHOOK_EVENT_TYPES.map((event) => (
            <Checkbox
              key={event.value}
              label={
                <>
                  {event.label} <span className={styles.eventValue}>({event.value})</span>
                </>
              }
              name="events"
              value={event.value}
              checked={events.includes(event.value)}
              onChange={(change) => toggle(event.value, change.target.checked)}
            />
          ))}
        </div>
        {eventsError && (
          <p id={eventsErrorId} className={formStyles.error} role="alert">
            {eventsError}
          </p>
        )}
      </fieldset>

      <Checkbox label="On: send events to this endpoint" {...input('enabled')} />

      <div className={products.formActions}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {endpoint ? 'Save endpoint' : 'Add endpoint'}
        </Button>
      </div>
    </form>
  );
}
