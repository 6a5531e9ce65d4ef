import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ONLY_IN_ENV =
  'Read the environment in one module only (apps/api/src/env.ts, the apps\' src/env.ts) and pass the values on.';

/**
 * Shared rules for every package: strict TypeScript with the type-checked rules (no floating or misused
 * promises, no `any` flowing into typed code, `await` only on promises), type-only imports, the
 * environment read in one module, and no imports from one app into another.
 * `eslint .` runs in each package's folder, so that package's own tsconfig types its files.
 */
export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', '**/*.gen.ts', '**/.data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      // playwright.config.ts belongs to no tsconfig of its app (the e2e folder's includes it from below).
      parserOptions: { projectService: { allowDefaultProject: ['playwright.config.ts'] }, tsconfigRootDir: process.cwd() },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
      // Fastify plugins, hooks and handlers are async by contract even when a body has nothing to await.
      '@typescript-eslint/require-await': 'off',
      // TanStack Router signals redirects and not-found pages by throwing its own objects.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }] },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@store/api', '@store/api/*', '@store/storefront', '@store/storefront/*', '@store/admin', '@store/admin/*'],
              message: 'An app is not a library: move shared code into a package.',
            },
            {
              group: ['**/apps/*', '**/api/src/**', '**/storefront/src/**', '**/admin/src/**'],
              message: 'No imports from one app into another (or from a package into an app): move shared code into a package.',
            },
          ],
        },
      ],
    },
  },
  {
    // Application code reads the environment through its env module only.
    files: ['**/src/**/*.{ts,tsx}'],
    ignores: ['**/src/env.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: ONLY_IN_ENV }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.type='MetaProperty'][property.name='env']", message: ONLY_IN_ENV },
      ],
    },
  },
  {
    // Tests read answers as JSON (`any` from inject().json()) and check them with expect: the unsafe-any
    // rules would only ask for casts there. Floating promises stay errors in tests too.
    files: ['**/*.test.{ts,tsx}', '**/test/**', '**/e2e/**', '**/test-helpers.ts', '**/testing.ts', '**/test-support.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // expect(store.method).toHaveBeenCalled() passes a method without its object on purpose.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
