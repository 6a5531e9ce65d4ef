import { type Static, type TSchema } from 'typebox';
import type { TLocalizedValidationError } from 'typebox/error';
import { Value } from 'typebox/value';
import { controlCharacterMessage, isTextFormat } from './text.ts';

/*
 * One validator for the API and the forms: TypeBox, with the same preparation and the same messages.
 * The API (apps/api/src/http/request-validator.ts) checks with TypeBox's compiled validator, the forms
 * with `Value` (no code generation under the apps' CSP); both prepare the value with `prepareValue`
 * and describe a failure with `describeErrors`.
 * See docs/decisions/016-one-validator-and-error-codes.md.
 */

export interface FieldError {
  /** The field's name, e.g. `password` or `invoice_data.email`; empty for the value as a whole. */
  field: string;
  /** A sentence for a person: the schema's own `errorMessage` where it has one, else one naming the field. */
  message: string;
}

type SchemaNode = {
  type?: unknown;
  properties?: Record<string, SchemaNode>;
  patternProperties?: Record<string, SchemaNode>;
  additionalProperties?: unknown;
  items?: SchemaNode;
  errorMessage?: unknown;
  /** What a missing property says, when its `errorMessage` asks for it anyway ("Country is required"); else "<field> is required". */
  missingMessage?: unknown;
  default?: unknown;
};

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** `Array.isArray` without its `any[]`: the items stay unknown until checked. */
const isList = (value: unknown): value is unknown[] => Array.isArray(value);

const patterns = new Map<string, RegExp>();
const patternOf = (source: string): RegExp => {
  let pattern = patterns.get(source);
  if (!pattern) patterns.set(source, (pattern = new RegExp(source, 'u')));
  return pattern;
};

/** A field's name inside its parent's: `invoice_data.email`, `items.0.quantity`. */
const join = (parent: string, name: string): string => (parent ? `${parent}.${name}` : name);

const typesOf = (node: SchemaNode): unknown[] => ([] as unknown[]).concat(node.type ?? []);

/**
 * Text as the schema's scalar, the way Fastify's Ajv did (`coerceTypes: 'array'`) in a query, the path
 * and a body alike, and no further: "20" to 20 (and "1e999" to Infinity, which the check then refuses
 * by name), "true"/"false" to booleans, one value to a one-item array and a one-item array to its value.
 * Empty text stays text, so `?limit=` is refused rather than read as 0. A value of the right type is
 * left as it is, so a value that passes the check needs no conversion.
 */
function convertText(node: SchemaNode, value: unknown): unknown {
  const types = typesOf(node);
  if (types.includes('array')) return isList(value) ? value.map((item) => (node.items ? convertText(node.items, item) : item)) : [node.items ? convertText(node.items, value) : value];
  if (isList(value)) return value.length === 1 ? convertText(node, value[0]) : value;
  if (typeof value !== 'string') return value;
  if ((types.includes('number') || types.includes('integer')) && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** A property its object's schema does not name (removed before the check when the object is closed): `parent` is the object's field (`''` at the root). */
export interface UnknownProperty {
  parent: string;
  name: string;
}

/**
 * Walks a value beside its schema: converts text, fills in the defaults of missing
 * properties, and removes the properties an object closed with `additionalProperties: false` does not
 * name (as Fastify's Ajv did with `removeAdditional`); open objects (a webhook's event) keep every property,
 * and unions are left alone. Every property a schema does not name is noted in `unknown`. Mutates the value.
 */
function walk(schema: TSchema, value: unknown, unknown: UnknownProperty[]): void {
  const stack: [SchemaNode, unknown, string][] = [[schema, value, '']];
  while (stack.length > 0) {
    const [node, current, path] = stack.pop()!;
    if (Array.isArray(current)) {
      if (node.items) current.forEach((item, index) => stack.push([node.items!, item, join(path, String(index))]));
      continue;
    }
    if (!isPlainObject(current) || (!node.properties && !node.patternProperties)) continue;
    const properties = node.properties ?? {};
    for (const key in properties) {
      const fallback = properties[key]!.default;
      if (current[key] === undefined && fallback !== undefined) current[key] = typeof fallback === 'object' && fallback !== null ? structuredClone(fallback) : fallback;
    }
    for (const key of Object.keys(current)) {
      const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
      const child = property ?? (node.patternProperties && Object.entries(node.patternProperties).find(([source]) => patternOf(source).test(key))?.[1]);
      if (!child) {
        if (node.additionalProperties === false) delete current[key];
        unknown.push({ parent: path, name: key });
        continue;
      }
      current[key] = convertText(child, current[key]);
      stack.push([child, current[key], join(path, key)]);
    }
  }
}

/**
 * What the API does to a value before checking it, and the forms too: text read as the schema's
 * numbers and booleans, defaults of missing properties filled in, unknown properties of closed objects
 * removed. Properties no schema names are listed in `unknown` when given, for the message of a missing
 * property (see describeErrors). Mutates the value (clone it first where that matters) and answers it.
 */
export function prepareValue(schema: TSchema, value: unknown, unknown: UnknownProperty[] = []): unknown {
  walk(schema, value, unknown);
  return value;
}

/** True when a schema gives a default anywhere: a value that already passes may still lack one. */
export function hasDefaults(schema: TSchema): boolean {
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (!Array.isArray(node) && 'default' in node) return true;
    const children: unknown[] = Object.values(node);
    stack.push(...children);
  }
  return false;
}

/* Messages --------------------------------------------------------------------------------------- */

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function decodePointer(part: string): string {
  return part.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** The sub-schema an error's `schemaPath` (`#/properties/items/items/...`) points at. */
function schemaAtPath(schema: TSchema, schemaPath: string): SchemaNode | undefined {
  let current: unknown = schema;
  for (const part of schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[decodePointer(part)];
  }
  return typeof current === 'object' && current !== null ? current : undefined;
}

/** The value an error's `instancePath` (`/items/0/quantity`) points at. */
function valueAtPath(value: unknown, instancePath: string): unknown {
  let current = value;
  for (const part of instancePath.split('/').filter(Boolean)) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[decodePointer(part)];
  }
  return current;
}

const fieldOf = (instancePath: string, context: string): string => instancePath.split('/').filter(Boolean).map(decodePointer).join('.') || context;

/** A number that is not finite, or text that reads as one ("1e999", "Infinity"): JSON and Ajv both let these through. */
function isNonFinite(value: unknown): boolean {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && !Number.isFinite(number) && !Number.isNaN(number);
}

function expectsNumber(error: TLocalizedValidationError): boolean {
  if (error.keyword !== 'type') return false;
  const expected = ([] as unknown[]).concat(error.params.type);
  return expected.includes('number') || expected.includes('integer');
}

/** At most this many unknown properties are named beside a missing one. */
const UNKNOWN_NAMED = 3;

/**
 * A missing property names itself, never another rule's sentence ("Password must be at least 6 characters"
 * for a missing `new_password`): "<field> is required", or the schema's `missingMessage`. Beside unknown
 * properties the request sent in the same object (removed before the check, or kept by an open one), it names them too, since
 * one of them is most likely the missing one misspelled: "token is required; two_factor_token is not a
 * known field". See docs/decisions/016-one-validator-and-error-codes.md.
 */
function missingPropertyMessage(field: string, node: SchemaNode | undefined, unknown: readonly string[]): string {
  if (unknown.length === 0) return text(node?.missingMessage) ?? `${field} is required`;
  const named = unknown.slice(0, UNKNOWN_NAMED).join(', ') + (unknown.length > UNKNOWN_NAMED ? ', …' : '');
  return `${field} is required; ${named} ${unknown.length === 1 ? 'is not a known field' : 'are not known fields'}`;
}

/**
 * The one error mapper: turns TypeBox's errors into one sentence per field, in the order found. The
 * schema's own `errorMessage` wins (in a union such as `'' | email`, any branch's message for the same
 * field), except for a missing property (see missingPropertyMessage, which names the `unknown`
 * properties of its object); a control character, a non-finite number and an enum get fixed sentences;
 * anything else is the field's name and TypeBox's own words ("offset must be <= 10000").
 * `context` names the value as a whole (`body`, `querystring`) when the error is at its root.
 */
export function describeErrors(
  schema: TSchema,
  value: unknown,
  errors: readonly TLocalizedValidationError[],
  context = '',
  unknown: readonly UnknownProperty[] = [],
): FieldError[] {
  const found: FieldError[] = [];
  const seen = new Set<string>();
  const add = (field: string, message: string) => {
    if (seen.has(field)) return;
    seen.add(field);
    found.push({ field, message });
  };
  for (const error of errors) {
    const field = fieldOf(error.instancePath, context);
    if (error.keyword === 'required') {
      const parent = fieldOf(error.instancePath, '');
      const node = schemaAtPath(schema, error.schemaPath);
      const beside = unknown.filter((property) => property.parent === parent).map((property) => join(parent, property.name));
      for (const name of error.params.requiredProperties) {
        add(join(parent, name), missingPropertyMessage(join(parent, name), node?.properties?.[name], beside));
      }
      continue;
    }
    if (seen.has(field)) continue;
    if (error.keyword === 'additionalProperties') {
      for (const name of error.params.additionalProperties) add(join(fieldOf(error.instancePath, ''), name), `${join(fieldOf(error.instancePath, ''), name)} is not a known field`);
      continue;
    }
    // A control character gets its own sentence: the field's message (say, "Full name is required") would mislead.
    if (error.keyword === 'format' && isTextFormat(error.params.format)) {
      add(field, controlCharacterMessage(field));
      continue;
    }
    if (expectsNumber(error) && isNonFinite(valueAtPath(value, error.instancePath))) {
      add(field, `${field || 'The number'} must be a finite number`);
      continue;
    }
    // In a union (`'' | email`) the first branch fails first: prefer any message given for the same field.
    const custom = errors
      .filter((other) => other.instancePath === error.instancePath)
      .map((other) => text(schemaAtPath(schema, other.schemaPath)?.errorMessage))
      .find(Boolean);
    if (custom) {
      add(field, custom);
      continue;
    }
    if (error.keyword === 'enum') {
      add(field, `${field} must be one of: ${error.params.allowedValues.join(', ')}`);
      continue;
    }
    add(field, `${field || 'The value'} ${error.message}`);
  }
  return found;
}

/**
 * Checks a value against a contract schema, as the forms do before sending and as the API will: the
 * value is prepared the same way (defaults, unknown properties removed; the caller's value is not
 * changed) and every field's first problem is answered with the API's own sentence.
 */
export function validate<S extends TSchema>(schema: S, value: unknown): { ok: true; value: Static<S> } | { ok: false; errors: FieldError[] } {
  const unknown: UnknownProperty[] = [];
  const prepared = prepareValue(schema, Value.Clone(value), unknown);
  if (Value.Check(schema, prepared)) return { ok: true, value: prepared };
  return { ok: false, errors: describeErrors(schema, prepared, Value.Errors(schema, prepared), '', unknown) };
}
