import { API_KEY_SCOPES, LIMITS, type ApiKeyScope, type CreateApiKeyBody, type CreatedApiKey } from '@store/contracts';
import { Button, Checkbox, Modal, TextField, withDetail } from '@store/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import * as formStyles from '../layout/form.css.ts';
import * as products from '../products/products.css.ts';
import { API_KEY_FORM, emptyApiKeyDraft, toDateInput } from './api-key-draft.ts';
import * as styles from './api-keys.css.ts';
import { ADMIN_API_KEYS_KEY } from './queries.ts';

export interface NewApiKeyModalProps {
  open: boolean;
  onClose: () => void;
  /** The key and its secret, as the API answered them this once. */
  onCreated: (created: CreatedApiKey) => void;
}

/** New API key: its form starts empty each time it opens. */
export function NewApiKeyModal({ open, onClose, onCreated }: NewApiKeyModalProps) {
  return (
    <Modal open={open} title="New API key" onClose={onClose} closeLabel="Cancel the new key">
      <NewApiKeyForm onCancel={onClose} onCreated={onCreated} />
    </Modal>
  );
}

function NewApiKeyForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (created: CreatedApiKey) => void }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(API_KEY_FORM, emptyApiKeyDraft);
  const { field, control, setValue, clearErrors, getFieldState, formState } = form;
  const scopes = useWatch({ control, name: 'scopes' });
  const scopesError = getFieldState('scopes', formState).error?.message;
  const scopesErrorId = useId();

  const create = useMutation({
    mutationFn: (body: CreateApiKeyBody) => api.adminCreateApiKey({ body }),
    onSuccess: (created) => {
      toast.success(`API key ${created.key.name} created`);
      void queryClient.invalidateQueries({ queryKey: ADMIN_API_KEYS_KEY });
      onCreated(created);
    },
    // The form stays open with what was typed.
    onError: (failure) => toast.error(withDetail('Error creating the API key', failure)),
  });

  const toggle = (scope: ApiKeyScope, on: boolean) => {
    const next = on ? [...scopes, scope] : scopes.filter((entry) => entry !== scope);
    // In the contract's order, whatever the order they were ticked in.
    setValue(
      'scopes',
      API_KEY_SCOPES.map((entry) => entry.value).filter((value) => next.includes(value)),
      { shouldDirty: true },
    );
    clearErrors('scopes');
  };

  return (
    <form ref={form.formRef} noValidate className={products.form} aria-label="New API key" onSubmit={form.submitWith(create)}>
      <TextField
        label="Name"
        required
        maxLength={LIMITS.apiKeyNameMaxLength}
        autoComplete="off"
        hint="Which system uses it, e.g. Accounting sync"
        {...field('name')}
      />

      {/* Focusable from code: a refused submit moves the focus to the first field with a message, this group too. */}
      <fieldset
        className={products.section}
        tabIndex={-1}
        aria-invalid={scopesError ? true : undefined}
        aria-describedby={scopesError ? scopesErrorId : undefined}
      >
        <legend className={products.legend}>What it may do</legend>
        <p className={formStyles.hint}>Tick only what the system needs. Staff accounts, settings and API keys can never be changed with a key.</p>
        <div className={styles.scopeList}>
          {API_KEY_SCOPES.map((scope) => (
            <Checkbox
              key={scope.value}
              label={
                <>
                  {scope.label} <span className={styles.scopeValue}>({scope.value})</span>
                </>
              }
              name="scopes"
              value={scope.value}
              checked={scopes.includes(scope.value)}
              onChange={(event) => toggle(scope.value, event.target.checked)}
            />
          ))}
        </div>
        {scopesError && (
          <p id={scopesErrorId} className={formStyles.error} role="alert">
            {scopesError}
          </p>
        )}
      </fieldset>

      <TextField
        label="Expires on"
        type="date"
        min={toDateInput(new Date())}
        hint="The key works until the end of this day, your time. Empty: it never expires."
        {...field('expires_on')}
      />

      <div className={products.formActions}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Create key
        </Button>
      </div>
    </form>
  );
}
