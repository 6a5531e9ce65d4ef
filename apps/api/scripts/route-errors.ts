import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routeNames } from '@store/contracts';
import ts from 'typescript';
import { ERROR_KINDS, type ErrorKind } from '../src/errors.ts';

/*
 * The error answers each route's handler can give, read from the sources (docs/decisions/055-route-errors.md).
 * From each handler of the route table, every function it calls or passes on is followed through the type
 * checker (imports, methods of the services, callbacks), and every `AppError`, `notFound`, `conflict` and
 * `badRequest` met on the way gives a status and a code. What it reads is what may happen, not what must:
 * a code is listed when some path of the route can throw it. The guard, the input's validation and the
 * framework's refusals are the same for every route of a kind; the document adds those (src/openapi/document.ts).
 *
 * `pnpm --filter @store/api openapi:errors` writes src/openapi/route-errors.generated.ts; test/route-errors.test.ts
 * fails when the sources and that file disagree.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(ROOT, 'src');
export const GENERATED = path.join(SRC, 'openapi/route-errors.generated.ts');

/** The helpers that make an error, the position of their code, and their kind (null: the first argument). */
const MAKERS: Record<string, { code: number; kind: ErrorKind | null }> = {
  AppError: { code: 2, kind: null },
  notFound: { code: 1, kind: 'not_found' },
  conflict: { code: 1, kind: 'conflict' },
  badRequest: { code: 1, kind: 'bad_request' },
};

/** status → codes, for one route. */
export type RouteErrors = Record<string, string[]>;

function literals(node: ts.Expression | undefined, out: string[], unread: string[]): void {
  if (node === undefined) return;
  if (ts.isStringLiteralLike(node)) out.push(node.text);
  else if (ts.isConditionalExpression(node)) {
    literals(node.whenTrue, out, unread);
    literals(node.whenFalse, out, unread);
  } else if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) literals(node.expression, out, unread);
  else if (ts.isPropertyAccessExpression(node) && node.expression.getText() === 'ERROR_CODE') out.push(node.name.text);
  // The code of a caught AppError passed on: it was read where that error was made, on the same route's path.
  else if (ts.isPropertyAccessExpression(node) && node.name.text === 'code' && node.expression.getText() === 'error') return;
  else unread.push(node.getText());
}

/** Whether a failure handler throws (outside the functions it defines, which run later or not at all). */
function throwsAgain(body: ts.Node): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found || ts.isFunctionLike(node)) return;
    if (ts.isThrowStatement(node)) found = true;
    else ts.forEachChild(node, visit);
  };
  if (ts.isThrowStatement(body)) return true;
  ts.forEachChild(body, visit);
  return found;
}

interface Reading {
  errors: Record<string, RouteErrors>;
  /** Arguments the reader could not read (computed kinds or codes): each must be taught to it. */
  unread: string[];
}

/** Reads every route's handler, following what it calls. */
export function readRouteErrors(): Reading {
  const configFile = ts.findConfigFile(ROOT, (file) => ts.sys.fileExists(file), 'tsconfig.json');
  if (!configFile) throw new Error('No tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(configFile, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!parsed) throw new Error('tsconfig.json does not parse');
  const sources = parsed.fileNames.filter((file) => file.startsWith(SRC + path.sep) && !file.endsWith('.test.ts'));
  const program = ts.createProgram(sources, parsed.options);
  const checker = program.getTypeChecker();
  const errorsFile = path.join(SRC, 'errors.ts');
  const unread: string[] = [];

  /** The codes met in one function and every function it reaches, by status (memoised per declaration). */
  const memo = new Map<ts.Node, Map<number, Set<string>>>();

  const inSources = (node: ts.Node) => {
    const file = node.getSourceFile().fileName;
    return file.startsWith(SRC + path.sep) && file !== errorsFile && !file.endsWith('.d.ts');
  };

  /** The body to follow for a symbol: a function, a method, a class's constructor, or a const holding a function. */
  function bodiesOf(symbol: ts.Symbol | undefined): ts.Node[] {
    if (symbol === undefined) return [];
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const bodies: ts.Node[] = [];
    for (const declaration of target.declarations ?? []) {
      if (!inSources(declaration)) continue;
      if (ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration) || ts.isConstructorDeclaration(declaration) || ts.isGetAccessorDeclaration(declaration)) {
        bodies.push(declaration);
      } else if (ts.isClassDeclaration(declaration)) {
        for (const member of declaration.members) if (ts.isConstructorDeclaration(member) || ts.isPropertyDeclaration(member)) bodies.push(member);
      } else if ((ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration) || ts.isPropertyDeclaration(declaration)) && declaration.initializer) {
        const value = declaration.initializer;
        if (ts.isArrowFunction(value) || ts.isFunctionExpression(value) || ts.isCallExpression(value) || ts.isObjectLiteralExpression(value)) bodies.push(value);
      }
    }
    return bodies;
  }

  function read(root: ts.Node): Map<number, Set<string>> {
    const known = memo.get(root);
    if (known) return known;
    const found = new Map<number, Set<string>>();
    memo.set(root, found); // a function that reaches itself adds nothing more
    const add = (status: number, code: string) => {
      let codes = found.get(status);
      if (!codes) found.set(status, (codes = new Set()));
      codes.add(code);
    };
    const merge = (other: Map<number, Set<string>>) => {
      for (const [status, codes] of other) for (const code of codes) add(status, code);
    };
    const where = (node: ts.Node) => `${path.relative(SRC, node.getSourceFile().fileName)}:${node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

    const visit = (node: ts.Node): void => {
      // Work whose failures are caught and not thrown again (`sendMailSoon(...).catch(log)`, `try {} catch { log }`)
      // gives the route no error: only the handler of the failure is read.
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'catch' && node.arguments.length === 1) {
        const [handler] = node.arguments;
        if (handler && (ts.isArrowFunction(handler) || ts.isFunctionExpression(handler)) && !throwsAgain(handler.body)) {
          visit(handler);
          return;
        }
      }
      if (ts.isTryStatement(node) && node.catchClause && !throwsAgain(node.catchClause.block)) {
        visit(node.catchClause);
        if (node.finallyBlock) visit(node.finallyBlock);
        return;
      }
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text in MAKERS) {
        const maker = MAKERS[node.expression.text]!;
        const args = node.arguments ?? ts.factory.createNodeArray<ts.Expression>();
        const kinds: string[] = [];
        if (maker.kind) kinds.push(maker.kind);
        else literals(args[0], kinds, unread);
        const codes: string[] = [];
        literals(args[maker.code], codes, unread);
        for (const kind of kinds) {
          const status = ERROR_KINDS[kind as ErrorKind];
          if (status === undefined) {
            unread.push(`${where(node)}: kind ${kind}`);
            continue;
          }
          // Without a code, the error sends its kind.
          for (const code of codes.length > 0 ? codes : [kind]) add(status, code);
        }
      } else if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
        // Anything named that is a function of ours: called, passed as a callback or kept, it may run.
        for (const body of bodiesOf(checker.getSymbolAtLocation(node))) if (body !== root) merge(read(body));
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(root, visit);
    return found;
  }

  const routeSet = new Set<string>(routeNames);
  const errors: Record<string, RouteErrors> = {};
  for (const file of program.getSourceFiles()) {
    if (!inSources(file)) continue;
    const visit = (node: ts.Node): void => {
      // A group of handlers: an object literal whose properties are routes of the table.
      if (ts.isObjectLiteralExpression(node)) {
        for (const property of node.properties) {
          const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;
          if (name === undefined || !routeSet.has(name)) continue;
          let bodies: ts.Node[] = [];
          if (ts.isMethodDeclaration(property)) bodies = [property];
          else if (ts.isPropertyAssignment(property)) bodies = ts.isIdentifier(property.initializer) ? bodiesOf(checker.getSymbolAtLocation(property.initializer)) : [property.initializer];
          else if (ts.isShorthandPropertyAssignment(property)) bodies = bodiesOf(checker.getShorthandAssignmentValueSymbol(property));
          if (bodies.length === 0) continue;
          const route = (errors[name] ??= {});
          for (const body of bodies) {
            for (const [status, codes] of read(body)) route[status] = [...new Set([...(route[status] ?? []), ...codes])].sort();
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  const missing = routeNames.filter((name) => !(name in errors));
  if (missing.length > 0) throw new Error(`No handler found for ${missing.join(', ')}`);
  const sorted = Object.fromEntries(
    routeNames.map((name) => [name, Object.fromEntries(Object.entries(errors[name]!).sort(([a], [b]) => Number(a) - Number(b)))]),
  );
  return { errors: sorted, unread: [...new Set(unread)] };
}

/** The generated module's text. */
export function generatedSource(errors: Record<string, RouteErrors>): string {
  return [
    '// Written by `pnpm --filter @store/api openapi:errors` (scripts/route-errors.ts) from the handlers; do not edit.',
    '// test/route-errors.test.ts fails when the handlers and this file disagree.',
    "import type { ApiErrorCode, RouteName } from '@store/contracts';",
    '',
    '/** The error statuses and codes each route’s handler can give, beside its guard’s and its input’s. */',
    `export const ROUTE_ERRORS: Record<RouteName, Record<string, readonly ApiErrorCode[]>> = ${JSON.stringify(errors, null, 2)};`,
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { errors, unread } = readRouteErrors();
  if (unread.length > 0) {
    console.error(`Arguments the reader cannot read:\n${unread.join('\n')}`);
    process.exitCode = 1;
  } else {
    await writeFile(GENERATED, generatedSource(errors));
    console.warn(`Wrote ${path.relative(ROOT, GENERATED)}: ${Object.keys(errors).length} routes`);
  }
}
