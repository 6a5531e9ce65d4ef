import { type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { controlCharacterMessage, isTextFormat } from './text.ts';

export interface FieldError {
  /** The field's name, e.g. `password` or `invoice_data.email`. */
  field: string;
  message: string;
}

/** The message a schema carries for people (`errorMessage`), else the validator's own sentence. */
function messageOf(schema: unknown, fallback: string): string {
  const custom = (schema as { errorMessage?: unknown } | undefined)?.errorMessage;
  return typeof custom === 'string' ? custom : fallback;
}

function fieldOf(instancePath: string, params: unknown): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = (params as { requiredProperties?: string[] } | undefined)?.requiredProperties?.[0];
  return [path, missing].filter(Boolean).join('.');
}

/**
 * Checks a value against a contract schema, as the forms do before sending (the API checks again).
 * Answers the first error of each field, with the schema's own message where it has one.
 */
export function validate<S extends TSchema>(schema: S, value: unknown): { ok: true; value: Static<S> } | { ok: false; errors: FieldError[] } {
  if (Value.Check(schema, value)) return { ok: true, value: value as Static<S> };
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const error of Value.Errors(schema, value)) {
    const field = fieldOf(error.instancePath, error.params);
    if (seen.has(field)) continue;
    seen.add(field);
    const target = error.keyword === 'required' ? `${error.instancePath}/${field.split('.').pop()}` : error.instancePath;
    // A control character gets its own sentence: the field's message (say, "Full name is required") would mislead.
    const message =
      error.keyword === 'format' && isTextFormat((error.params as { format?: unknown }).format)
        ? controlCharacterMessage(field)
        : messageOf(schemaAt(schema, target), error.message);
    errors.push({ field, message });
  }
  return { ok: false, errors };
}

function schemaAt(schema: TSchema, instancePath: string): unknown {
  let current: unknown = schema;
  for (const part of instancePath.split('/').filter(Boolean)) {
    const node = current as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] };
    if (node.properties?.[part]) current = node.properties[part];
    else if (node.items) current = node.items;
    else return undefined;
  }
  return current;
}
