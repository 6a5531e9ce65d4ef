import { randomUUID } from 'node:crypto';
import { TEXT_FORMATS } from '@store/contracts';
import fc from 'fast-check';

/*
 * Turns the contract's schemas into fast-check arbitraries for the fuzz test (fuzz.test.ts). TypeBox 1.x
 * schemas are plain JSON Schema, so only the keywords the contract uses are read. Two kinds of value:
 * `validValue` respects the schema (types, enums, formats, bounds, patterns), so a request gets past
 * validation into the handler; `hostileValue` is a valid value with ONE thing wrong somewhere inside it
 * (a NUL in one field, a number past its bound, a missing or extra property...), so the validation and
 * the code behind it see every kind of bad input one at a time.
 */

export interface JsonSchema {
  type?: string | readonly string[];
  enum?: readonly unknown[];
  const?: unknown;
  anyOf?: readonly JsonSchema[];
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Readonly<Record<string, JsonSchema>>;
  propertyNames?: JsonSchema;
  maxProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  examples?: readonly unknown[];
  minimum?: number;
  maximum?: number;
}

export interface SchemaArbitraryOptions {
  /**
   * Ids of rows that exist, for `format: 'uuid'` strings, so a request gets past the "not found" check.
   * Read when a value is generated: ids made during the run are used too.
   */
  knownIds?: () => readonly string[];
}

/**
 * JSON text put in place of a value when the request is serialised: JSON.stringify cannot write
 * `1e999`, `-0` or `1.0`, but a client can send them.
 */
export class RawJson {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** A piece of a URL sent as written, not percent-encoded again (`%`, `%zz`, `%00`, invalid UTF-8). */
export class RawUrlText {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/* Characters ------------------------------------------------------------------------------------- */

const printableAscii = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));
/** Letters, accents, CJK, emoji and invisible-but-legal characters: never a control character. */
const plainChar = fc.oneof(
  { weight: 6, arbitrary: printableAscii },
  { weight: 2, arbitrary: fc.integer({ min: 0xa0, max: 0x2fff }).map((code) => String.fromCodePoint(code)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x3000, max: 0xd7ff }).map((code) => String.fromCodePoint(code)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x1f300, max: 0x1faff }).map((code) => String.fromCodePoint(code)) },
  { weight: 1, arbitrary: fc.constantFrom('\u200b', '\u202e', '\ufeff', '\u00a0', '\u3000', 'e\u0301', 'İ', 'ß', 'ﬀ', 'Ω', '＜') },
);
const lineBreakChar = fc.constantFrom('\n', '\r\n', '\t');

/** How a text of `format` may be written: plain-line has no control character, plain-text keeps line breaks and tabs. */
function charsFor(format: string | undefined): fc.Arbitrary<string> {
  if (format === 'plain-line') return plainChar;
  if (format === 'plain-text') return fc.oneof({ weight: 9, arbitrary: plainChar }, { weight: 1, arbitrary: lineBreakChar });
  // A string without a format takes anything, control characters included (passwords).
  return fc.oneof({ weight: 8, arbitrary: plainChar }, { weight: 1, arbitrary: lineBreakChar }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 1 }) });
}

const formatCheck = (format: string | undefined) => (format && format in TEXT_FORMATS ? TEXT_FORMATS[format as keyof typeof TEXT_FORMATS] : () => true);

/** Ajv compiles `pattern` with the u flag. */
const patternOf = (schema: JsonSchema) => (schema.pattern === undefined ? undefined : new RegExp(schema.pattern, 'u'));

/** Ajv counts a string's length in code points. */
const lengthOf = (value: string) => [...value].length;

function fitsString(schema: JsonSchema, value: string): boolean {
  const length = lengthOf(value);
  if (schema.minLength !== undefined && length < schema.minLength) return false;
  if (schema.maxLength !== undefined && length > schema.maxLength) return false;
  if (!formatCheck(schema.format)(value)) return false;
  const pattern = patternOf(schema);
  return !pattern || pattern.test(value);
}

/** Removes `(?=...)` and `(?!...)` groups, which fc.stringMatching cannot generate; the full pattern filters afterwards. */
function withoutLookarounds(pattern: string): string {
  let out = '';
  for (let index = 0; index < pattern.length; index += 1) {
    if (pattern[index] === '\\') {
      out += pattern.slice(index, index + 2);
      index += 1;
      continue;
    }
    if (pattern.startsWith('(?=', index) || pattern.startsWith('(?!', index)) {
      let depth = 0;
      for (; index < pattern.length; index += 1) {
        if (pattern[index] === '\\') index += 1;
        else if (pattern[index] === '(') depth += 1;
        else if (pattern[index] === ')' && --depth === 0) break;
      }
      continue;
    }
    out += pattern[index];
  }
  return out;
}

/* Valid values ----------------------------------------------------------------------------------- */

const uuidArbitrary = (options: SchemaArbitraryOptions) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: options.knownIds ? 5 : 0,
      // The position is generated, the id read now: the pool grows while the test runs.
      arbitrary: fc.nat().map((index) => {
        const ids = options.knownIds?.() ?? [];
        return ids.length > 0 ? ids[index % ids.length]! : randomUUID();
      }),
    },
  );

function validString(schema: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 10_000;
  const fits = (value: string) => fitsString(schema, value);
  if (schema.format === 'uuid') return uuidArbitrary(options);
  if (schema.format === 'email') {
    return fc.oneof(fc.emailAddress(), fc.tuple(fc.stringMatching(/^[a-z0-9._+-]{1,20}$/), fc.constantFrom('example.com', 'mail.test', 'xn--bcher-kva.example')).map(([local, domain]) => `${local}@${domain}`)).filter(fits);
  }
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());

  const pattern = schema.pattern;
  const anchored = pattern !== undefined && pattern.startsWith('^') && pattern.endsWith('$');
  if (anchored) {
    let generated: fc.Arbitrary<string>;
    const generable = withoutLookarounds(pattern);
    try {
      generated = fc.stringMatching(new RegExp(generable, 'u'));
    } catch {
      generated = fc.string({ unit: charsFor(schema.format), minLength, maxLength: Math.min(maxLength, minLength + 40) });
    }
    if (generable !== pattern) generated = fittingOrExample(schema, generated);
    return fc.oneof({ weight: 9, arbitrary: generated.filter(fits) }, { weight: 1, arbitrary: manyLinesFitting(schema) });
  }
  // An unanchored pattern (`\S`: not blank) is met by most texts: generate text and keep what fits.
  const short = fc.string({ unit: charsFor(schema.format), minLength: Math.max(minLength, 1), maxLength: Math.min(maxLength, minLength + 30) });
  const longest = fc.constant(maxLength).chain((length) => fc.string({ unit: printableAscii, minLength: 1, maxLength: 1 }).map((char) => (char === ' ' ? 'x' : char).repeat(length)));
  return fc.oneof({ weight: 19, arbitrary: short }, { weight: maxLength <= 100_000 ? 1 : 0, arbitrary: longest }).filter(fits);
}

/**
 * A lookahead can make fitting strings rare among those the rest of the pattern generates (at least 8 `X` in 8 to
 * 64 characters: about one in 10^9), and filtering for them would spin for ever. Such a schema must carry
 * `examples`: a generated string that does not fit is swapped for one of them.
 */
function fittingOrExample(schema: JsonSchema, generated: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const examples = (schema.examples ?? []).filter((example): example is string => typeof example === 'string' && fitsString(schema, example));
  if (examples.length === 0) throw new Error(`The pattern ${schema.pattern} has a lookahead: give its schema examples that fit it`);
  return fc.tuple(generated, fc.constantFrom(...examples)).map(([value, example]) => (fitsString(schema, value) ? value : example));
}

/** A paste of many short lines, as long as the field allows (licence keys): for fields with a line pattern. */
function manyLinesFitting(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.constantFrom(1, 100, 20_000).map((count) => {
    const lines = Array.from({ length: count }, (_, index) => `KEY-${index.toString(36).toUpperCase()}-${(index * 7919) % 10_007}`);
    let text = lines.join('\n');
    if (schema.maxLength !== undefined && text.length > schema.maxLength) text = text.slice(0, text.lastIndexOf('\n', schema.maxLength));
    return fitsString(schema, text) ? text : 'KEY-1';
  });
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (integer ? -(2 ** 31) : -1e9);
  const max = schema.maximum ?? (integer ? 2 ** 31 - 1 : 1e9);
  if (integer) {
    return fc.oneof({ weight: 8, arbitrary: fc.integer({ min, max }) }, { weight: 1, arbitrary: fc.constantFrom(min, max) });
  }
  return fc.oneof(
    // Money is dollars with cents: the common case.
    { weight: 6, arbitrary: fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((cents) => cents / 100) },
    { weight: 2, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );
}

/** A value the schema accepts. */
export function validValue(schema: JsonSchema, options: SchemaArbitraryOptions = {}): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((branch) => validValue(branch, options)));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => validValue({ ...schema, type }, options)));
  switch (schema.type) {
    case 'object':
      return validObject(schema, options);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, options), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 10, (schema.minItems ?? 0) + 6),
      });
    case 'string':
      return validString(schema, options);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      // No type (Type.Unknown): any JSON.
      return fc.jsonValue({ maxDepth: 3 });
  }
}

function validObject(schema: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const named = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, validValue(property, options)])),
    { requiredKeys: [...(schema.required ?? [])] as never },
  ) as fc.Arbitrary<Record<string, unknown>>;
  const patterned = Object.values(schema.patternProperties ?? {})[0];
  if (!patterned) return named;
  // A record (system requirements, a webhook's resource): names from propertyNames, at most maxProperties.
  const names = schema.propertyNames ? (validValue({ type: 'string', ...schema.propertyNames }, options) as fc.Arbitrary<string>) : fc.string({ maxLength: 20 });
  const entries = fc.dictionary(names, validValue(patterned, options), { maxKeys: Math.min(schema.maxProperties ?? 6, 6), noNullPrototype: true });
  return fc.tuple(named, entries).map(([fixed, extra]) => ({ ...extra, ...fixed }));
}

/* Hostile values --------------------------------------------------------------------------------- */

const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f', '\r', '\n', '\t'];

/** Text that has broken SQL, LIKE patterns, templates, mail headers, paths and HTML before. */
export const NASTY_TEXTS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "' || pg_sleep(5) || '",
  '%',
  '_',
  '%_%',
  '\\',
  '\\%',
  '$1',
  '$$',
  "E'\\x00'",
  '::uuid',
  '${7*7}',
  '{{7*7}}',
  '%s%s%s%n',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'subject\r\nBcc: victim@example.com',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '/uploads/../../secret',
  'javascript:alert(1)',
  'data:image/png;base64,iVBORw0KGgo=',
  'http://127.0.0.1:5432/',
  'file:///etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '0x1F',
  ' 1 ',
  '',
  ' ',
  '\u00a0',
  '\u3000',
  '\u200b',
  '\ufeff',
  '\u202eevil',
  'İstanbul',
  'ß'.repeat(50),
  '🔑'.repeat(40),
  'Z͑ͫ̓ͪ̂ͫ̽͏̴̙̤̞͉͚̯̞̠͍A̴̵̜̰͔ͫ͗͢L̠ͨͧͩ͘G̴̻͈͍͔̹̑͗̎̅͛́Ǫ̵̹̻̝̳͂̌̌͘',
];

/** Strings a UTF-16 string can hold but UTF-8 (and PostgreSQL) cannot. */
const LONE_SURROGATES = ['\ud800', '\udfff', 'a\ud83db', '\udc00\ud800', 'key-\ud834'];

/** Near misses of the formats the contract uses. */
const FORMAT_NEAR_MISSES: Record<string, readonly string[]> = {
  uuid: [
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
    `urn:uuid:${'6f0e2a2c-8a8b-4b1e-9a51-2f1d0d3c7b11'}`,
    '{6f0e2a2c-8a8b-4b1e-9a51-2f1d0d3c7b11}',
    '6f0e2a2c8a8b4b1e9a512f1d0d3c7b11',
    '6f0e2a2c-8a8b-4b1e-9a51-2f1d0d3c7b1',
    '6f0e2a2c-8a8b-4b1e-9a51-2f1d0d3c7b111',
    '6f0e2a2c-8a8b-4b1e-9a51-2f1d0d3c7b1g',
    ' 6f0e2a2c-8a8b-4b1e-9a51-2f1d0d3c7b11',
    '6f0e2a2c-8a8b-4b1e-9a51-2f1d0d3c7b11\u0000',
    '1',
    '0',
    '-1',
  ],
  email: [
    'a@b',
    '@example.com',
    'a@',
    'a@@b.c',
    'a b@example.com',
    '"a@b"@example.com',
    'a@example.com\r\nBcc: x@example.com',
    'a@example.com,b@example.com',
    'a@[127.0.0.1]',
    'a@localhost',
    'ünïcode@exämple.com',
    `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}`,
    `${'a'.repeat(300)}@example.com`,
    'admin@example.com',
    'ADMIN@EXAMPLE.COM',
  ],
  'date-time': ['2024-02-30T00:00:00Z', '0000-00-00T00:00:00Z', '9999-12-31T23:59:60Z', 'yesterday'],
};

/** A valid string with a control character (NUL most often) put somewhere in it. */
function withControlCharacter(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(base, fc.oneof({ weight: 3, arbitrary: fc.constant('\u0000') }, { weight: 2, arbitrary: fc.constantFrom(...CONTROL_CHARACTERS) }), fc.nat())
    .map(([text, control, at]) => {
      const position = text.length === 0 ? 0 : at % (text.length + 1);
      return text.slice(0, position) + control + text.slice(position);
    });
}

/** A big string: 1 MiB (past the body limit once quoted), 100 KB, or a paste of many lines. Kept rare by the callers. */
export const hugeString = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(1_048_577, 1_000_000, 100_000).map((length) => 'a'.repeat(length)) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 60_000 }, (_, index) => `K${index}`).join('\n')) },
  { weight: 1, arbitrary: fc.constant('🔑'.repeat(300_000)) },
);

/** A string the schema refuses, or accepts only at its very edge. */
export function hostileString(schema: JsonSchema, options: SchemaArbitraryOptions = {}): fc.Arbitrary<string> {
  const valid = validString(schema, options);
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength;
  return fc.oneof(
    { weight: 5, arbitrary: withControlCharacter(valid) },
    { weight: 2, arbitrary: fc.tuple(valid, fc.constantFrom(...LONE_SURROGATES)).map(([text, surrogate]) => text + surrogate) },
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXTS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: schema.format && FORMAT_NEAR_MISSES[schema.format] ? 4 : 0, arbitrary: fc.constantFrom(...(FORMAT_NEAR_MISSES[schema.format ?? ''] ?? [''])) },
    // Lengths at and past the bounds; emoji count as one character each but take four bytes.
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        ...[
          maxLength !== undefined && maxLength < 2_000_000 ? 'a'.repeat(maxLength + 1) : 'a',
          maxLength !== undefined && maxLength < 2_000_000 ? '🔑'.repeat(maxLength) : '🔑',
          minLength > 0 ? 'a'.repeat(minLength - 1) : '',
          ' '.repeat(Math.max(minLength, 1)),
          '\t\n',
        ],
      ),
    },
    { weight: 1, arbitrary: hugeString },
  );
}

const INTEGER_EDGES = [0, -1, 1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e21, 1e308, -1e308, Number.MAX_VALUE];
const FRACTION_EDGES = [0.5, -0.5, 0.1 + 0.2, 1.005, 0.001, 19.999, Number.MIN_VALUE, Number.EPSILON, 1e-7, 999_999.995];
/** Numbers JSON can carry but JSON.stringify cannot write: they become Infinity, -0, 0 or a float once parsed. */
const RAW_NUMBERS = ['1e999', '-1e999', '-0', '-0.0', '1.0', '1E2', '1e-400', '0.1e1', '100000000000000000000000000000', '5e-324'].map((text) => new RawJson(text));

/** A number past or at the schema's bounds, a fraction for an integer, or text. */
export function hostileNumber(schema: JsonSchema): fc.Arbitrary<unknown> {
  const bounds = [schema.minimum, schema.maximum].filter((bound): bound is number => bound !== undefined);
  const beyond = bounds.flatMap((bound) => [bound - 1, bound + 1, bound - 0.01, bound + 0.01, bound + 0.001]);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...INTEGER_EDGES, ...FRACTION_EDGES, ...beyond, ...bounds) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_NUMBERS) },
    { weight: 1, arbitrary: fc.double() },
    { weight: 2, arbitrary: fc.constantFrom('1', '1.5', '', ' ', 'abc', '1e308', '1e999', 'Infinity', '-Infinity', '0x10', '1_000', 'NaN', '-0', '١٢', true, false, null) },
  );
}

/** A value of the wrong type altogether, including nesting deep enough to trouble a recursive walk. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, '', 'x', [], {}, [null], { a: 1 }, [[]], { $ne: null }, { $gt: '' }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.constantFrom(10, 1_000, 100_000).map((depth) => deepNesting(depth)) },
);

/** `[[[...]]]` `depth` levels deep, as JSON text (JSON.stringify would overflow its own stack). */
export function deepNesting(depth: number): RawJson {
  return new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`);
}

/** Property names a client could add to any object: mass assignment and prototype pollution. */
const EXTRA_KEYS = ['extra', 'role', 'is_admin', 'is_active', 'user_id', 'price', 'status', 'id', 'total_amount', '__proto__', 'constructor', 'prototype', '', ' ', 'a\u0000b', 'x'.repeat(300)];

/** A valid value with exactly one thing wrong somewhere inside it. */
export function hostileValue(schema: JsonSchema, options: SchemaArbitraryOptions = {}): fc.Arbitrary<unknown> {
  if ('const' in schema || schema.enum) return hostileEnum(schema.enum ?? [schema.const]);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((branch) => hostileValue(branch, options)));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => hostileValue({ ...schema, type }, options)));
  switch (schema.type) {
    case 'object':
      return hostileObject(schema, options);
    case 'array':
      return hostileArray(schema, options);
    case 'string':
      return fc.oneof({ weight: 9, arbitrary: hostileString(schema, options) }, { weight: 1, arbitrary: wrongType });
    case 'integer':
    case 'number':
      return fc.oneof({ weight: 9, arbitrary: hostileNumber(schema) }, { weight: 1, arbitrary: wrongType });
    case 'boolean':
      return fc.constantFrom<unknown>('true', 'false', 1, 0, 'yes', '', null, [], {});
    default:
      return wrongType;
  }
}

function hostileEnum(values: readonly unknown[]): fc.Arbitrary<unknown> {
  const text = values.filter((value): value is string => typeof value === 'string');
  const near = text.flatMap((value) => [value.toUpperCase(), `${value} `, ` ${value}`, `${value}\u0000`, value.slice(0, -1), `${value}s`]);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom<unknown>(...(near.length > 0 ? near : ['x'])) },
    { weight: 2, arbitrary: fc.constantFrom<unknown>('', 'constructor', '__proto__', 'toString', 'all', '*', 'null', text.join(',')) },
    { weight: 1, arbitrary: wrongType },
  );
}

function hostileObject(schema: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<unknown> {
  const valid = validObject(schema, options);
  const properties = Object.entries(schema.properties ?? {});
  const required = schema.required ?? [];
  const patterned = Object.values(schema.patternProperties ?? {})[0];
  const mutations: fc.WeightedArbitrary<unknown>[] = [
    // One property hostile, the rest valid.
    {
      weight: properties.length > 0 ? 10 : 0,
      arbitrary: fc
        .constantFrom(...(properties.length > 0 ? properties : [['', {}] as const]))
        .chain(([key, property]) => fc.tuple(valid, hostileValue(property, options)).map(([object, bad]) => ({ ...object, [key]: bad }))),
    },
    // A required property missing.
    {
      weight: required.length > 0 ? 3 : 0,
      arbitrary: fc.tuple(valid, fc.constantFrom(...(required.length > 0 ? required : ['']))).map(([object, key]) => {
        const copy = { ...object };
        delete copy[key];
        return copy;
      }),
    },
    // A property the schema does not name: mass assignment, prototype pollution.
    {
      weight: 3,
      arbitrary: fc.tuple(valid, fc.constantFrom(...EXTRA_KEYS), fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant({ role: 'admin', polluted: true }))).map(([object, key, value]) => {
        // defineProperty, so `__proto__` is an own key that JSON.stringify writes out.
        const copy = { ...object };
        Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
        return copy;
      }),
    },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: wrongType },
  ];
  if (patterned) {
    const limit = schema.maxProperties ?? 20;
    mutations.push(
      // Too many entries, and names the record must refuse.
      { weight: 2, arbitrary: fc.constant(Object.fromEntries(Array.from({ length: limit + 1 }, (_, index) => [`name${index}`, 'value']))) },
      {
        weight: 3,
        arbitrary: fc
          .tuple(valid, fc.oneof(hostileString({ type: 'string', ...schema.propertyNames }, options), fc.constantFrom(...EXTRA_KEYS)), fc.oneof(validValue(patterned, options), hostileValue(patterned, options)))
          .map(([object, key, value]) => {
            const copy = { ...object };
            Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
            return copy;
          }),
      },
      // Two names the same but for case and spaces.
      { weight: 1, arbitrary: fc.constant({ OS: 'Linux', ' os ': 'Windows' }) },
    );
  }
  return fc.oneof(...mutations);
}

function hostileArray(schema: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<unknown> {
  const items = schema.items ?? {};
  const valid = validValue(schema, options) as fc.Arbitrary<unknown[]>;
  const maxItems = schema.maxItems;
  return fc.oneof(
    // One element hostile.
    {
      weight: 6,
      arbitrary: fc.tuple(valid, hostileValue(items, options), fc.nat()).map(([array, bad, at]) => {
        const copy = [...array];
        copy.splice(array.length === 0 ? 0 : at % (array.length + 1), array.length === 0 ? 0 : 1, bad);
        return copy;
      }),
    },
    // One past maxItems, and a huge array that still fits a request body.
    { weight: maxItems !== undefined ? 2 : 0, arbitrary: fc.tuple(validValue(items, options)).map(([item]) => Array.from({ length: (maxItems ?? 0) + 1 }, () => item)) },
    { weight: 1, arbitrary: fc.tuple(validValue(items, options), fc.constantFrom(1_000, 20_000)).map(([item, length]) => Array.from({ length }, () => item)) },
    // The same element many times over, within the bounds (merging, duplicates).
    { weight: 2, arbitrary: fc.tuple(validValue(items, options)).map(([item]) => Array.from({ length: Math.max(schema.minItems ?? 1, Math.min(maxItems ?? 5, 5)) }, () => item)) },
    { weight: 1, arbitrary: fc.constant([]) },
    { weight: 1, arbitrary: wrongType },
  );
}

/** Mostly valid values, often one with a single thing wrong: what every field of a request gets. */
export function fuzzValue(schema: JsonSchema, options: SchemaArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: validValue(schema, options) }, { weight: 2, arbitrary: hostileValue(schema, options) });
}
