import { validate } from '@store/contracts';
import type { FieldError, FieldErrors, FieldValues, Path, Resolver } from 'react-hook-form';
import type { Static, TSchema } from 'typebox';

/**
 * How a form stands for a contract schema: the form keeps what was typed (text for numbers, lists as
 * pairs), the schema checks the body the API will receive. This file is the only one that knows the
 * shape of `validate()` from `@store/contracts`, the validator the API uses too.
 */
export interface SchemaForm<TValues extends FieldValues, S extends TSchema, F extends Path<TValues> = Path<TValues>> {
  schema: S;
  /** The API body the form's values stand for. */
  toInput: (values: TValues) => Static<S>;
  /** The form field of an error at a schema path such as `stock_quantity` or `images.2`; null ignores it. */
  fieldOf: (path: string) => F | null;
  /** Messages a person can act on, in place of the schema's own, by form field. */
  messages?: Partial<Record<F, string>>;
  /** Rules beyond the schema (say, whole cents), checked first: their message wins. */
  rules?: (values: TValues, input: Static<S>) => Partial<Record<F, string>>;
}

/** The outcome of a check: the API body, or one message per form field. */
export type SchemaCheck<S extends TSchema, F extends string> = { ok: true; value: Static<S> } | { ok: false; errors: Partial<Record<F, string>> };

/** Checks a form's values with its schema (and extra rules), as the API will check the body. */
export function checkForm<TValues extends FieldValues, S extends TSchema, F extends Path<TValues>>(
  form: SchemaForm<TValues, S, F>,
  values: TValues,
): SchemaCheck<S, F> {
  const input = form.toInput(values);
  const errors: Partial<Record<F, string>> = { ...form.rules?.(values, input) };
  const result = validate(form.schema, input);
  if (!result.ok) {
    for (const { field, message } of result.errors) {
      const name = form.fieldOf(field);
      if (name !== null) errors[name] ??= form.messages?.[name] ?? message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // The value as the API will take it (prepared by the same validator); a refusal no field can show is left to the API's answer.
  return { ok: true, value: result.ok ? result.value : input };
}

/**
 * A react-hook-form resolver from a schema form: a valid form hands the API body (not the typed text)
 * to `handleSubmit`; an invalid one sets one message per field.
 */
export function typeboxResolver<TValues extends FieldValues, S extends TSchema, F extends Path<TValues>>(
  form: SchemaForm<TValues, S, F>,
): Resolver<TValues, unknown, Static<S>> {
  return (values) => {
    const check = checkForm(form, values);
    if (check.ok) return { values: check.value, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const [name, message] of Object.entries<string | undefined>(check.errors)) {
      if (message) errors[name] = { type: 'schema', message };
    }
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}
