import { WEBHOOK_SECRET_PREFIX, type CreatedWebhookEndpoint, type WebhookEndpoint } from '@store/contracts';
import { usePageTitle } from '@store/shell';
import { Button, PlusIcon } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { API_DOCS_URL } from '../api-keys/api-keys-page.tsx';
import * as layout from '../layout/admin-layout.css.ts';
import { useFocusAfterClose } from '../layout/use-focus-after-close.ts';
import { useErrorToast } from '../site/use-error-toast.ts';
import { RemoveWebhookDialog } from './remove-webhook-dialog.tsx';
import { useSendTest } from './send-test.ts';
import { WebhookDeliveriesPanel } from './webhook-deliveries.tsx';
import { WebhookFormModal } from './webhook-form.tsx';
import { WebhookSecretPanel } from './webhook-secret.tsx';
import { WebhooksTable, type EndpointAction } from './webhooks-table.tsx';
import * as styles from './webhooks.css.ts';
import { adminWebhooksQueryOptions } from './queries.ts';

export const WEBHOOKS_LOAD_FAILED = 'Error loading webhook endpoints';

type FormState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; endpoint: WebhookEndpoint };

/**
 * /admin/webhooks: the endpoints the store sends its events to (docs/decisions/057-webhooks.md): the list with
 * each endpoint's events and state; Add endpoint, its signing secret shown once; Edit; Remove behind a
 * confirmation; an endpoint's deliveries with Resend; Send test.
 */
export function WebhooksPage() {
  usePageTitle('Webhooks');
  const endpoints = useQuery(adminWebhooksQueryOptions());
  useErrorToast(endpoints.isError, endpoints.errorUpdatedAt, WEBHOOKS_LOAD_FAILED);
  const list = endpoints.isError ? [] : (endpoints.data?.endpoints ?? []);

  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const [watchingId, setWatchingId] = useState<string | null>(null);
  // The endpoint as the list has it now (a change shows in the open panel too); gone once it is removed.
  const watching = list.find((endpoint) => endpoint.id === watchingId) ?? null;
  const addButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const deliveriesOpener = useRef<HTMLElement | null>(null);
  const focusAfterClose = useFocusAfterClose();
  const sendTest = useSendTest();
  const testing = sendTest.isPending ? (sendTest.variables?.id ?? null) : null;

  const onAction = (action: EndpointAction, endpoint: WebhookEndpoint, button: HTMLElement) => {
    if (action === 'test') {
      sendTest.mutate(endpoint);
    } else if (action === 'deliveries') {
      deliveriesOpener.current = button;
      setWatchingId(endpoint.id);
    } else if (action === 'edit') {
      opener.current = button;
      setForm({ mode: 'edit', endpoint });
    } else {
      opener.current = button;
      setRemoving(endpoint);
    }
  };

  return (
    <div className={layout.stack}>
      <div className={layout.pageHeader}>
        <div>
          <h1 className={layout.pageTitle}>Webhooks</h1>
          <p className={layout.pageSubtitle} aria-live="polite">
            {endpoints.data && !endpoints.isError ? `${list.length} ${list.length === 1 ? 'endpoint' : 'endpoints'}` : '\u00a0'}
          </p>
        </div>
        <Button
          ref={addButton}
          onClick={() => {
            opener.current = addButton.current;
            setForm({ mode: 'add' });
          }}
        >
          <PlusIcon size={18} /> Add endpoint
        </Button>
      </div>

      {created && (
        <WebhookSecretPanel
          created={created}
          onDone={() => {
            setCreated(null);
            focusAfterClose(addButton.current);
          }}
        />
      )}

      <section className={layout.panel} aria-labelledby="webhooks-about">
        <div className={layout.panelHeader}>
          <h2 id="webhooks-about" className={layout.sectionTitle}>
            How webhooks work
          </h2>
        </div>
        <div className={styles.intro}>
          <p>
            The store tells your own systems what happens, such as a paid order, a refund or a new review, by POSTing each event to the endpoints
            below as signed JSON, the <a className={styles.link} href="https://www.standardwebhooks.com/">Standard Webhooks</a> way.
          </p>
          <p>
            Every request carries the headers <code className={styles.code}>webhook-id</code>, <code className={styles.code}>webhook-timestamp</code> and{' '}
            <code className={styles.code}>webhook-signature</code>: the receiver checks the signature with the endpoint’s secret (
            <code className={styles.code}>{WEBHOOK_SECRET_PREFIX}…</code>, shown once when the endpoint is added) and drops an event id it already has.
          </p>
          <p>
            A delivery that fails is tried again with growing pauses for 3 days. After that the store turns the endpoint off and mails staff; turn it on
            again here once the receiver works.
          </p>
          <p>
            What each event contains:{' '}
            <a className={styles.link} href={API_DOCS_URL}>
              the API document
            </a>
            .
          </p>
        </div>
      </section>

      <WebhooksTable endpoints={list} loading={endpoints.isPending} testing={testing} onAction={onAction} />

      {watching && (
        <WebhookDeliveriesPanel
          endpoint={watching}
          testing={testing === watching.id}
          onSendTest={() => sendTest.mutate(watching)}
          onClose={() => {
            setWatchingId(null);
            focusAfterClose(deliveriesOpener.current);
          }}
        />
      )}

      <WebhookFormModal
        open={form.mode !== 'closed'}
        endpoint={form.mode === 'edit' ? form.endpoint : null}
        onClose={() => {
          setForm({ mode: 'closed' });
          focusAfterClose(opener.current);
        }}
        onCreated={(answer) => {
          // The secret panel takes the focus (it shows the secret to copy).
          setForm({ mode: 'closed' });
          setCreated(answer);
        }}
        onSaved={() => {
          setForm({ mode: 'closed' });
          focusAfterClose(opener.current);
        }}
      />
      <RemoveWebhookDialog
        endpoint={removing}
        onClose={() => {
          setRemoving(null);
          focusAfterClose(opener.current);
        }}
        onRemoved={(endpoint) => {
          // The row's buttons are gone with the endpoint: the focus goes back to the top of the list.
          setRemoving(null);
          if (watchingId === endpoint.id) setWatchingId(null);
          focusAfterClose(addButton.current);
        }}
      />
    </div>
  );
}
