import type { CreatedWebhookEndpoint } from '@store/contracts';
import { SecretOncePanel } from '../layout/secret-once.tsx';
import { endpointName } from './webhook-labels.tsx';
import * as styles from './webhooks.css.ts';

export interface WebhookSecretPanelProps {
  created: CreatedWebhookEndpoint;
  /** Staff saved the secret: the page forgets it. */
  onDone: () => void;
}

/** The signing secret of an endpoint just added, shown this once, as the API keys screen shows a new key. */
export function WebhookSecretPanel({ created, onDone }: WebhookSecretPanelProps) {
  return (
    <SecretOncePanel
      title={`Signing secret of ${endpointName(created.endpoint)}`}
      label="Signing secret"
      secret={created.secret}
      copyFailed="The secret could not be copied: select it and copy it by hand"
      onDone={onDone}
    >
      <p>
        The receiver checks each event’s <code className={styles.code}>webhook-signature</code> with it. If it is lost, remove this endpoint and add it
        again for a new secret.
      </p>
    </SecretOncePanel>
  );
}
