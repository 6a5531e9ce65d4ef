import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ERROR_CODES } from '@store/contracts';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ERROR_KINDS } from '../src/errors.ts';

/*
 * Every code the API can send is in the contract's list (ERROR_CODES): the types already refuse an unknown
 * code at a throw site; this reads the sources themselves, so an answer built by hand (`{ detail, code }`)
 * or a code computed at run time is caught too, and a code no longer sent is noticed.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
/** The calls that take a code, and the position of their code argument. */
const CODE_ARGUMENT: Record<string, number> = { AppError: 2, notFound: 1, conflict: 1, badRequest: 1 };

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
}

interface Found {
  codes: Map<string, string>;
  /** Code arguments that are not written out: each must be read by a person (and this test taught about it). */
  computed: string[];
}

/** The codes an expression can be: a string literal, `ERROR_CODE.x`, or either branch of a `? :`. */
function codesOf(node: ts.Expression, where: string, found: Found): void {
  if (ts.isStringLiteralLike(node)) found.codes.set(node.text, where);
  else if (ts.isPropertyAccessExpression(node) && node.expression.getText() === 'ERROR_CODE') found.codes.set(node.name.text, where);
  else if (ts.isConditionalExpression(node)) {
    codesOf(node.whenTrue, where, found);
    codesOf(node.whenFalse, where, found);
  } else if (ts.isParenthesizedExpression(node)) codesOf(node.expression, where, found);
  // The code of an AppError passed on (the error plugin's answer): read where that AppError was thrown.
  else if (ts.isPropertyAccessExpression(node) && node.name.text === 'code' && node.expression.getText() === 'error') return;
  else found.computed.push(`${where}: ${node.getText()}`);
}

async function codesSentByTheApi(): Promise<Found> {
  const found: Found = { codes: new Map(), computed: [] };
  // errors.ts defines AppError and the helpers: it passes codes on, it sends none of its own.
  for (const file of (await sourceFiles(SRC)).filter((file) => file !== path.join(SRC, 'errors.ts'))) {
    const source = ts.createSourceFile(file, await readFile(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const where = `${path.relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text in CODE_ARGUMENT) {
        const args = node.arguments ?? ts.factory.createNodeArray();
        const code = args[CODE_ARGUMENT[node.expression.text]!];
        // Without a code, AppError sends its kind; the helpers send theirs (checked against the list below).
        if (code) codesOf(code, where, found);
        else if (node.expression.text === 'AppError' && args[0]) codesOf(args[0], where, found);
      }
      // An answer written by hand, `{ detail, code }`, and the framework's codes (FASTIFY_CODES).
      if (ts.isPropertyAssignment(node) && node.name.getText() === 'code' && ts.isObjectLiteralExpression(node.parent)) {
        const siblings = node.parent.properties.map((property) => property.name?.getText());
        if (siblings.includes('detail')) codesOf(node.initializer, where, found);
      }
      if (ts.isVariableDeclaration(node) && node.name.getText() === 'FASTIFY_CODES' && node.initializer && ts.isObjectLiteralExpression(node.initializer)) {
        for (const property of node.initializer.properties) if (ts.isPropertyAssignment(property)) codesOf(property.initializer, where, found);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('the error codes the API sends', () => {
  it('are all in the contract’s list, each written out where it is thrown', async () => {
    const { codes, computed } = await codesSentByTheApi();
    // The reading works: codes from a helper, from AppError, a hand-written answer and the error plugin.
    for (const code of ['username_taken', 'account_locked', 'route_not_found', 'malformed_json', 'internal_error', 'too_many_requests']) expect([...codes.keys()]).toContain(code);
    expect(computed, 'code arguments that are computed, not written out').toEqual([]);
    const unknown = [...codes].filter(([code]) => !(API_ERROR_CODES as readonly string[]).includes(code)).map(([code, where]) => `${code} (${where})`);
    expect(unknown, 'codes sent but missing from API_ERROR_CODES').toEqual([]);
  });

  it('leave no code in the list that nothing sends (but the kinds, the default of every throw)', async () => {
    const { codes } = await codesSentByTheApi();
    const sent = new Set([...codes.keys(), ...Object.keys(ERROR_KINDS)]);
    expect(API_ERROR_CODES.filter((code) => !sent.has(code))).toEqual([]);
  });
});
