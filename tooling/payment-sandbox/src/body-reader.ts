import { type ErrorDetail, issue } from './errors.ts';
import { MONEY_VALUE_PATTERN, type Money } from './money.ts';

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const CURRENCY_PATTERN = /^[A-Z]{3}$/;

export interface StringRule {
  required?: boolean;
  min?: number;
  max?: number;
  pattern?: RegExp;
  oneOf?: readonly string[];
  url?: boolean;
}

/** Collects every issue of one validation pass, as PayPal lists them all in one answer. */
export class Problems {
  readonly details: ErrorDetail[] = [];

  add(code: string, field: string, value?: unknown, description?: string): void {
    const shown = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
    this.details.push(issue(code, { field, ...(shown === undefined ? {} : { value: shown }), location: 'body' }, description));
  }

  /** Adds the issue and gives back no value, for the readers' early returns. */
  reject(code: string, field: string, value?: unknown): undefined {
    this.add(code, field, value);
    return undefined;
  }

  get any(): boolean {
    return this.details.length > 0;
  }
}

export function readString(problems: Problems, parent: Json, key: string, path: string, rule: StringRule = {}): string | undefined {
  const value = parent[key];
  const field = `${path}/${key}`;
  if (value === undefined || value === null) {
    if (rule.required) problems.add('MISSING_REQUIRED_PARAMETER', field);
    return undefined;
  }
  if (typeof value !== 'string') return problems.reject('INVALID_PARAMETER_SYNTAX', field, value);
  if (rule.min !== undefined && value.length < rule.min) return problems.reject('INVALID_STRING_MIN_LENGTH', field, value);
  if (rule.max !== undefined && value.length > rule.max) return problems.reject('INVALID_STRING_MAX_LENGTH', field, value);
  if (rule.pattern && !rule.pattern.test(value)) return problems.reject('INVALID_PARAMETER_SYNTAX', field, value);
  if (rule.url && !isHttpUrl(value)) return problems.reject('INVALID_PARAMETER_SYNTAX', field, value);
  if (rule.oneOf && !rule.oneOf.includes(value)) return problems.reject('INVALID_PARAMETER_VALUE', field, value);
  return value;
}

export function readObject(problems: Problems, parent: Json, key: string, path: string, required = false): Json | undefined {
  const value = parent[key];
  if (value === undefined || value === null) {
    if (required) problems.add('MISSING_REQUIRED_PARAMETER', `${path}/${key}`);
    return undefined;
  }
  if (!isObject(value)) return problems.reject('INVALID_PARAMETER_SYNTAX', `${path}/${key}`);
  return value;
}

export function readMoney(problems: Problems, parent: Json, key: string, path: string, required = false): Money | undefined {
  const money = readObject(problems, parent, key, path, required);
  if (!money) return undefined;
  const field = `${path}/${key}`;
  const currencyCode = readString(problems, money, 'currency_code', field, { required: true, pattern: CURRENCY_PATTERN });
  const value = readString(problems, money, 'value', field, { required: true, max: 32, pattern: MONEY_VALUE_PATTERN });
  return currencyCode === undefined || value === undefined ? undefined : { currency_code: currencyCode, value };
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A whole number within [min, max]; PayPal takes integers as JSON numbers. */
export function readInteger(
  problems: Problems,
  parent: Json,
  key: string,
  path: string,
  rule: { required?: boolean; min: number; max: number },
): number | undefined {
  const value = parent[key];
  const field = `${path}/${key}`;
  if (value === undefined || value === null) {
    if (rule.required) problems.add('MISSING_REQUIRED_PARAMETER', field);
    return undefined;
  }
  if (typeof value !== 'number' || !Number.isInteger(value)) return problems.reject('INVALID_PARAMETER_SYNTAX', field, value);
  if (value < rule.min || value > rule.max) return problems.reject('INVALID_PARAMETER_VALUE', field, value);
  return value;
}

export function readBoolean(problems: Problems, parent: Json, key: string, path: string): boolean | undefined {
  const value = parent[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') return problems.reject('INVALID_PARAMETER_SYNTAX', `${path}/${key}`, value);
  return value;
}
