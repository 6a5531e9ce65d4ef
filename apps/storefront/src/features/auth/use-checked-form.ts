import { type InvalidEvent, useState } from 'react';

export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/**
 * The state of a form checked on the client before it is sent (registration, password change): its
 * values, the message of each field, whether it is being sent, and the checks that show them.
 */
export function useCheckedForm<V extends { [K in keyof V]: string }>(empty: V, check: (values: V) => FieldErrors<V>, fieldOrder: readonly (keyof V)[]) {
  const [values, setValues] = useState<V>(empty);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [busy, setBusy] = useState(false);

  const change = (field: keyof V) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  // The browser refused the submit (an empty required field): show our messages instead of its bubble.
  const showInvalid = (event: InvalidEvent<HTMLInputElement>) => {
    event.preventDefault();
    setErrors(check(values));
  };

  /** Shows these messages, and focuses the first field that has one. */
  const show = (found: FieldErrors<V>, form: HTMLFormElement) => {
    setErrors(found);
    const first = fieldOrder.find((field) => found[field]);
    if (first) form.querySelector<HTMLInputElement>(`[name="${String(first)}"]`)?.focus();
  };

  /** Checks the values before sending: answers the errors it shows, or null when the form may be sent. */
  const refuse = (form: HTMLFormElement): FieldErrors<V> | null => {
    const found = check(values);
    if (!Object.values(found).some(Boolean)) {
      setErrors({});
      return null;
    }
    show(found, form);
    return found;
  };

  return { values, setValues, errors, busy, setBusy, change, showInvalid, refuse, show };
}
