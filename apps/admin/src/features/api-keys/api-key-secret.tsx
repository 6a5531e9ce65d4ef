import type { CreatedApiKey } from '@store/contracts';
import { SecretOncePanel } from '../layout/secret-once.tsx';

export interface ApiKeySecretPanelProps {
  created: CreatedApiKey;
  /** Staff saved the secret: the page forgets it. */
  onDone: () => void;
}

/** The secret of a key just created, shown this once: the store keeps only its digest. */
export function ApiKeySecretPanel({ created, onDone }: ApiKeySecretPanelProps) {
  return (
    <SecretOncePanel
      title={`Your new API key: ${created.key.name}`}
      label="Secret key"
      secret={created.secret}
      copyFailed="The key could not be copied: select it and copy it by hand"
      onDone={onDone}
    >
      <p>The store keeps only a fingerprint of it. Put it in the system that uses it; if it is lost, revoke this key and create another.</p>
    </SecretOncePanel>
  );
}
