import { type ComponentPropsWithRef, type ReactNode, useId, useState } from 'react';
import * as styles from './field.css.ts';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

interface FieldChrome {
  /** The visible label; every field has one (spec quality bar). */
  label: ReactNode;
  /** A message under the field that marks it invalid, e.g. 'Passwords do not match'. */
  error?: string | null;
  /** Help text under the field. */
  hint?: ReactNode;
  /** Class of the wrapping element, for grid placement. */
  className?: string;
}

/** Ids that tie the label, hint and error to the control, so screen readers announce them together. */
function useFieldIds(id: string | undefined) {
  const generated = useId();
  const controlId = id ?? generated;
  return { controlId, hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

function describedBy(ids: ReturnType<typeof useFieldIds>, hint: unknown, error: unknown): string | undefined {
  return [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(' ') || undefined;
}

function FieldFooter({ ids, hint, error }: { ids: ReturnType<typeof useFieldIds>; hint?: ReactNode; error?: string | null }) {
  return (
    <>
      {hint && (
        <span id={ids.hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={ids.errorId} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </>
  );
}

export type TextFieldProps = FieldChrome & Omit<ComponentPropsWithRef<'input'>, 'className'>;

/** A labelled text input with optional hint and error. */
export function TextField({ label, error, hint, className, id, ...input }: TextFieldProps) {
  const ids = useFieldIds(id);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.controlId} className={styles.label}>
        {label}
      </label>
      <input
        {...input}
        id={ids.controlId}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
      />
      <FieldFooter ids={ids} hint={hint} error={error} />
    </div>
  );
}

export type TextAreaFieldProps = FieldChrome & Omit<ComponentPropsWithRef<'textarea'>, 'className'>;

export function TextAreaField({ label, error, hint, className, id, ...textarea }: TextAreaFieldProps) {
  const ids = useFieldIds(id);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.controlId} className={styles.label}>
        {label}
      </label>
      <textarea
        {...textarea}
        id={ids.controlId}
        className={[styles.control, styles.textarea].join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
      />
      <FieldFooter ids={ids} hint={hint} error={error} />
    </div>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password input with a show/hide toggle (spec: login). The toggle is a real button with a name. */
export function PasswordField({ label, error, hint, className, id, ...input }: PasswordFieldProps) {
  const ids = useFieldIds(id);
  const [visible, setVisible] = useState(false);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.controlId} className={styles.label}>
        {label}
      </label>
      <div className={styles.passwordWrap}>
        <input
          {...input}
          id={ids.controlId}
          type={visible ? 'text' : 'password'}
          className={[styles.control, styles.passwordInput].join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, hint, error)}
        />
        <button
          type="button"
          className={styles.passwordToggle}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          aria-controls={ids.controlId}
          title={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      </div>
      <FieldFooter ids={ids} hint={hint} error={error} />
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** Options listed under a heading of their own (an `<optgroup>`, which screen readers announce with each option). */
export interface SelectOptionGroup {
  group: string;
  options: readonly SelectOption[];
}

export type SelectFieldProps = FieldChrome &
  Omit<ComponentPropsWithRef<'select'>, 'className' | 'children'> & { options: readonly (SelectOption | SelectOptionGroup)[] };

function SelectOptionElement({ option }: { option: SelectOption }) {
  return (
    <option value={option.value} disabled={option.disabled}>
      {option.label}
    </option>
  );
}

export function SelectField({ label, error, hint, className, id, options, ...select }: SelectFieldProps) {
  const ids = useFieldIds(id);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.controlId} className={styles.label}>
        {label}
      </label>
      <select
        {...select}
        id={ids.controlId}
        className={[styles.control, styles.select].join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
      >
        {options.map((option) =>
          'group' in option ? (
            <optgroup key={`group:${option.group}`} label={option.group}>
              {option.options.map((item) => (
                <SelectOptionElement key={item.value} option={item} />
              ))}
            </optgroup>
          ) : (
            <SelectOptionElement key={option.value} option={option} />
          ),
        )}
      </select>
      <FieldFooter ids={ids} hint={hint} error={error} />
    </div>
  );
}

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'className'> & {
  label: ReactNode;
  error?: string | null;
  className?: string;
};

/** A checkbox with its label beside it (the whole row is clickable). */
export function Checkbox({ label, error, className, id, ...input }: CheckboxProps) {
  const ids = useFieldIds(id);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.controlId} className={styles.checkboxRow}>
        <input
          {...input}
          id={ids.controlId}
          type="checkbox"
          className={styles.checkbox}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.errorId : undefined}
        />
        <span>{label}</span>
      </label>
      {error && (
        <span id={ids.errorId} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
