import Type, { type TStringOptions } from 'typebox';
import { Format } from 'typebox/format';

/*
 * Text that may reach the database is plain: no NUL (PostgreSQL refuses it in text and jsonb) and no other
 * control character. Two string formats say so in the contract, registered with TypeBox's format registry
 * below, so the API and the forms (both TypeBox, see validate.ts) refuse the same values: `plain-line` for one-line fields, `plain-text` for multi-line ones, which keep
 * tab, line feed and carriage return.
 */

// Matching control characters is the point of these two expressions.
/* eslint-disable no-control-regex */
/** Every C0 and C1 control character and DEL. */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/u;
/** The same, less tab, line feed and carriage return. */
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
/* eslint-enable no-control-regex */
/** Half of a surrogate pair without its other half: not text at all, and no database can store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_FORMATS = {
  'plain-line': (value: string) => !CONTROL.test(value) && !LONE_SURROGATE.test(value),
  'plain-text': (value: string) => !CONTROL_BUT_LINE_BREAKS.test(value) && !LONE_SURROGATE.test(value),
} as const;
export type TextFormat = keyof typeof TEXT_FORMATS;

for (const [name, check] of Object.entries(TEXT_FORMATS)) Format.Set(name, check);

/*
 * `email`: an address the store can write to on the internet. TypeBox's own check takes quoted local parts,
 * IP literals and dotless domains ('shop@localhost'); Fastify's serializer picks a union's branch in an
 * answer with ajv-formats' `email`, which refuses them, so a sender address the settings accepted made every
 * settings answer a 500. The two now run this one expression (ajv-formats' own), and what a request can
 * store, an answer can send back.
 */
const EMAIL_ADDRESS = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
export const isEmailAddress = (value: string): boolean => EMAIL_ADDRESS.test(value);
Format.Set('email', isEmailAddress);

export function isTextFormat(format: unknown): format is TextFormat {
  return typeof format === 'string' && format in TEXT_FORMATS;
}

/** What a person reads when a text field holds a control character, whatever other message the field has. */
export function controlCharacterMessage(field: string): string {
  return `${field || 'The text'} must not contain control or invalid characters`;
}

/** A one-line text field: no control characters at all. */
export const PlainLine = (options: TStringOptions = {}) => Type.String({ ...options, format: 'plain-line' });
/** A multi-line text field: no control characters but tab and line breaks. */
export const PlainText = (options: TStringOptions = {}) => Type.String({ ...options, format: 'plain-text' });
