// Lint: type-aware TypeScript rules everywhere, the hooks rules in the browser code.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'drizzle/', 'test-results/', 'data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // One program over every root for the typed rules (tsconfig.eslint.json): four, one per root, took twice
      // as long; npm run typecheck holds each root to its own types.
      parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify and React Router accept promise-returning handlers.
      // Fastify plugins are async functions by convention, with or without an await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
    },
  },
  {
    // Tests read untyped JSON bodies (`res.json()`) on purpose: the assertions are the type check.
    files: ['**/*.test.ts', 'e2e/**/*.ts', 'server/src/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    // Test support lives in server/src/test/ and e2e/: product code never imports it, nor a test runner.
    files: ['server/src/**/*.{ts,tsx}', 'web/src/**/*.{ts,tsx}', 'common/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'server/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(vitest|@vitest/.*|@playwright/test|fast-check)(/.*)?$',
              message: 'Product code does not import a test runner or test library: only tests and test support do.',
            },
            {
              regex: '(^|/)(test|e2e)(/|$)|\\.(test|spec)$',
              message: 'Product code does not import test support (server/src/test/, e2e/) or a test file.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
);
