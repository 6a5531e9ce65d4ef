import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { TEXT_FORMATS, isEmailAddress } from '@store/contracts';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { openApiDocument } from '../../src/openapi/document.ts';

/*
 * Every answer of the API tests is held against the OpenAPI document (docs/decisions/054-openapi-document.md): its
 * status must be one the operation documents, its media type one that status documents, a JSON body must pass the
 * schema with Ajv (JSON Schema 2020-12, as an integrator's validating proxy would), and an error's code must be one
 * the document lists for that route and status. A test's answers that break the document fail it when it closes.
 */

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface PathMatcher {
  pattern: RegExp;
  template: string;
  operations: Record<string, Operation>;
}

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const DOCUMENT_ID = 'urn:store:openapi';

const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

export class Conformance {
  private readonly ajv: Ajv2020;
  private readonly paths: PathMatcher[];
  private readonly validators = new Map<string, ValidateFunction>();
  /** Answers held against the document, by operation. */
  readonly checked = new Map<string, number>();

  constructor() {
    const document = openApiDocument({ publicUrl: null, version: 'test' }) as Json & { paths: Record<string, Record<string, Operation>> };
    // The document is not a schema, but its schemas are reached inside it by pointer, as a proxy reads them.
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false, discriminator: false });
    addFormats(this.ajv, ['date', 'date-time', 'uuid', 'uri']);
    this.ajv.addFormat('email', isEmailAddress);
    for (const [name, check] of Object.entries(TEXT_FORMATS)) this.ajv.addFormat(name, check);
    this.ajv.addSchema({ ...document, $id: DOCUMENT_ID });
    this.paths = Object.entries(document.paths).map(([template, operations]) => ({
      template,
      operations,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }))
      // As the router does: a path without parameters before one with (`/api/products/categories`, `/api/products/{id}`).
      .sort((a, b) => a.template.split('{').length - b.template.split('{').length);
  }

  /** The documented operation of a request, or null for a path the document does not cover (pages, the sandbox). */
  private operationOf(method: string, url: string): { template: string; operation: Operation } | null {
    const pathname = new URL(url, 'http://store.test').pathname;
    const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    for (const path of this.paths) {
      if (!path.pattern.test(pathname)) continue;
      const operation = path.operations[verb];
      if (operation) return { template: path.template, operation };
    }
    return null;
  }

  private validator(template: string, method: string, status: string, mediaType: string): ValidateFunction {
    const key = `${template} ${method} ${status} ${mediaType}`;
    let validate = this.validators.get(key);
    if (!validate) {
      const ref = `${DOCUMENT_ID}#/${pointer('paths', template, method, 'responses', status, 'content', mediaType, 'schema')}`;
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(key, validate);
    }
    return validate;
  }

  /** Holds one answer against the document: what breaks it, or null. */
  check(method: string, url: string, response: LightMyRequestResponse): string | null {
    const found = this.operationOf(method, url);
    if (!found) return null;
    const { template, operation } = found;
    const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    const status = String(response.statusCode);
    const where = `${method} ${url.length > 120 ? `${url.slice(0, 120)}…` : url} (${operation.operationId}) → ${status}`;
    this.checked.set(operation.operationId, (this.checked.get(operation.operationId) ?? 0) + 1);
    const documented = operation.responses[status];
    if (!documented) {
      return `${where}: status not documented (documented: ${Object.keys(operation.responses).join(', ')}) ${response.body.slice(0, 200)}`;
    }
    const body = response.rawPayload;
    if (body.length === 0 || method === 'HEAD') return null;
    const content = documented.content;
    if (!content) {
      // A redirect may carry a short note; anything else with a body must say what it is.
      if (status.startsWith('3')) return null;
      return `${where}: a body where the document says there is none`;
    }
    const mediaType = String(response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const key = mediaType in content ? mediaType : '*/*' in content ? '*/*' : null;
    if (key === null) {
      return `${where}: media type ${mediaType || '(none)'} not documented (documented: ${Object.keys(content).join(', ')})`;
    }
    if (key !== 'application/json') return null;
    let json: unknown;
    try {
      json = JSON.parse(decoded(response).toString('utf8'));
    } catch {
      return `${where}: the body is not JSON`;
    }
    const validate = this.validator(template, verb, status, key);
    if (!validate(json)) {
      const errors = (validate.errors ?? []).slice(0, 3).map((error) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
      return `${where}: the body does not match the document: ${errors.join('; ')} — ${response.body.slice(0, 300)}`;
    }
    return null;
  }
}

/** Throws with every break found, when there is one. */
export function assertConforms(violations: readonly string[]): void {
  if (violations.length === 0) return;
  const unique = [...new Set(violations)];
  throw new Error(`${unique.length} answer(s) break the OpenAPI document:\n${unique.slice(0, 30).join('\n')}`);
}

/** A body as sent, unpacked when it was compressed for a client that accepts it. */
function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = String(response.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'deflate') return inflateSync(response.rawPayload);
  return response.rawPayload;
}

let shared: Conformance | undefined;
/** One checker per test file: compiling the document's schemas once. */
export function conformance(): Conformance {
  shared ??= new Conformance();
  return shared;
}
