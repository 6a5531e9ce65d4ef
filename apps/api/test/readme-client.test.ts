import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/openapi/document.ts';
import { build, type TestApp } from './helpers/build.ts';

/*
 * The README's typed client (section "Calling the API from your own code") is compiled against types that
 * openapi-typescript writes from the document, as an integrator would, and then run against a listening store:
 * a renamed field, a route moved or a schema loosened to `unknown` breaks this test, not an integrator's build.
 */

const API = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const README = path.resolve(API, '../../README.md');
const MARKER = '<!-- typed-client-example';

/** The fenced TypeScript block right after the marker. */
async function readmeExample(): Promise<string> {
  const text = await readFile(README, 'utf8');
  const at = text.indexOf(MARKER);
  if (at < 0) throw new Error('The README has no typed client example');
  const block = /```ts\n([\s\S]*?)\n```/.exec(text.slice(at));
  if (!block?.[1]) throw new Error('No ```ts block after the marker');
  return block[1];
}

/** Compiles the example (strict, as a project would) and answers the diagnostics, one line each. */
function compile(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    skipLibCheck: true,
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : null;
    return `${where ? `${path.basename(diagnostic.file!.fileName)}:${where.line + 1}: ` : ''}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

let t: TestApp;
let baseUrl: string;
let dir: string;
let example: string;
let productTitle: string;

beforeAll(async () => {
  t = await build();
  productTitle = `Ray tracer plugin ${randomBytes(3).toString('hex')}`;
  const created = await t.request({
    method: 'POST',
    url: '/api/admin/products',
    token: await t.adminToken(),
    payload: { title: productTitle, price: 19.5, description: 'A plugin', detailed_description: 'A ray tracer plugin', stock_quantity: 50 },
  });
  expect(created.statusCode).toBe(201);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  // Inside the package's node_modules, so the example's `openapi-fetch` resolves as in a project that installed it.
  dir = path.join(API, 'node_modules/.cache', `readme-client-${process.pid}-${randomBytes(3).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  example = await readmeExample();
  // What `npx openapi-typescript …/api/docs/json -o store-api.d.ts` writes.
  await writeFile(path.join(dir, 'store-api.d.ts'), astToString(await openapiTS(openApiDocument({ publicUrl: null, version: 'test' }) as never)));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

describe('the README’s typed client', () => {
  it('compiles, strict, against the types generated from the document', async () => {
    const file = path.join(dir, 'example.ts');
    await writeFile(file, example);
    expect(compile(file)).toEqual([]);
  }, 60_000);

  it('is checked for real: a field the document does not have, or of the wrong type, does not compile', async () => {
    const file = path.join(dir, 'broken.ts');
    await writeFile(file, example.replace('quantity: 1', "quantity: '1'").replace('product.price', 'product.cost'));
    const diagnostics = compile(file);
    expect(diagnostics.join('\n')).toMatch(/Type 'string' is not assignable to type 'number'/);
    expect(diagnostics.join('\n')).toMatch(/Property 'cost' does not exist/);
  }, 60_000);

  it('runs against a store: lists the catalogue, places a guest order, checks a licence', async () => {
    const file = path.join(dir, 'example.mjs');
    await writeFile(file, ts.transpileModule(example, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText);
    const { stdout } = await promisify(execFile)(process.execPath, [file], { env: { ...process.env, STORE_URL: baseUrl }, timeout: 30_000 });
    expect(stdout).toContain(`${productTitle}: $19.5`);
    expect(stdout).toMatch(/order [0-9a-f-]{36}: pending, \$19\.5/);
    expect(stdout).toContain('licence: unknown, valid: false');
  }, 60_000);
});
