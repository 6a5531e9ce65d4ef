import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { Static, TSchema } from 'typebox';
import { typeboxResolver, type SchemaForm } from './typebox-resolver.ts';

export interface SubmitOptions {
  /** Checked before anything else; false stops the submit (say, while images upload). */
  ready?: () => boolean;
  /** After a refusal by the schema, once the fields show their messages. */
  onRefused?: () => void;
}

/**
 * A react-hook-form form checked by a contract schema (`typebox-resolver.ts`), the admin's way:
 * - messages appear on submit; changing a field clears its own message (no checking while typing);
 * - after a refused submit the first field with a message, in the page's order, gets the focus;
 * - `submitWith(mutation)` sends the API body once: a submit while one is checked or sent is ignored.
 */
export function useSchemaForm<TValues extends FieldValues, S extends TSchema, F extends Path<TValues>>(
  schemaForm: SchemaForm<TValues, S, F>,
  defaultValues: DefaultValues<TValues> | (() => DefaultValues<TValues>),
) {
  const resolver = useMemo(() => typeboxResolver(schemaForm), [schemaForm]);
  const [initial] = useState(defaultValues);
  const form = useForm<TValues, unknown, Static<S>>({
    resolver,
    defaultValues: initial,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The page's order decides, not the order fields registered in (see the effect below).
    shouldFocusError: false,
  });
  const { clearErrors, getFieldState, handleSubmit, register, formState } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  const sending = useRef(false);

  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  /** A registered native input (a radio, say) whose message goes when it changes. */
  const input = <N extends Path<TValues>>(name: N) => register(name, { onChange: () => clearErrors(name) });

  /** The same for a field of `@store/ui`, with the field's message for its `error`. */
  const field = <N extends Path<TValues>>(name: N) => ({ ...input(name), error: getFieldState(name, formState).error?.message });

  const submitWith =
    <TData, TError>(mutation: UseMutationResult<TData, TError, Static<S>>, options: SubmitOptions = {}) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (sending.current || mutation.isPending) return;
      if (options.ready && !options.ready()) return;
      sending.current = true;
      const send = handleSubmit(
        async (value) => {
          // The mutation's own onError tells the failure (a toast); the form only waits for the end.
          await mutation.mutateAsync(value).catch(() => undefined);
        },
        () => {
          setRefusals((count) => count + 1);
          options.onRefused?.();
        },
      );
      void send(event).finally(() => {
        sending.current = false;
      });
    };

  return { ...form, formRef, input, field, submitWith };
}
