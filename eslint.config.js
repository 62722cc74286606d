// SPDX-License-Identifier: Apache-2.0
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/generated/**',
      '**/node_modules/**',
      '**/dist/**',
      'packages/cli/.dist-*/**',
      '.test-results/**',
      'manifests/**',
      'charts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-throw-literal': 'error',
    },
  },
  {
    // Type-aware rules, for the TypeScript the root tsconfig.json covers (packages, e2e, hack): one program
    // for the whole repository, built once per run by the project service.
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The manager's reconcile path loads no schema stack (packages/api/src/core.test.ts measures it): what
    // it needs of the API comes from the core entry point; validation is imported on first use.
    files: ['packages/runtime/src/**/*.ts', 'packages/controller/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@kubetrain/api',
              allowTypeImports: true,
              message:
                "import from '@kubetrain/api/core' (the index loads TypeBox, ajv and CEL); for validation, import('@kubetrain/api') on first use",
            },
          ],
        },
      ],
    },
  },
);
