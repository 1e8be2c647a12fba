import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const SERVER_FROM_SRC = {
  group: ['**/server/**', '../../server/*'],
  message: 'src/ reaches the server only over HTTP.',
};
const I18NEXT = {
  group: ['i18next', 'i18next/*', 'react-i18next', 'react-i18next/*'],
  message:
    'Translations go through @/shared/i18n (docs/decisions.md, "Translations without i18next"): i18next is a devDependency of the parity test only.',
};
const MACHINES_OUTSIDE_PROCESSES = {
  group: ['**/machines', '**/machines/**', '@machines/*'],
  message:
    'Only src/processes (and the server) import machines/: use the domain types in domain/ and the intents of the process.',
};
const DOMAIN_BY_ALIAS = {
  regex: '^(\\.\\./)+domain(/|$)',
  message: 'Import the shared domain one way, as @domain/... (docs/conventions.md).',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      '.tmp',
      'src/app/route-tree.gen.ts',
      'src/shared/api/schema.gen.ts',
      'server/db/migrations',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [SERVER_FROM_SRC, MACHINES_OUTSIDE_PROCESSES, I18NEXT, DOMAIN_BY_ALIAS] },
      ],
    },
  },
  {
    // docs/architecture.md: the machines meet the pages in src/processes; only that layer (and the
    // server) imports machines/. Everything else asks the session process through intents.
    files: ['src/processes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SERVER_FROM_SRC, I18NEXT, DOMAIN_BY_ALIAS] }],
    },
  },
  {
    // The one file that runs i18next: it checks that @/shared/i18n answers as i18next did.
    files: ['src/shared/i18n/translate.parity.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SERVER_FROM_SRC, MACHINES_OUTSIDE_PROCESSES, DOMAIN_BY_ALIAS] }],
    },
  },
  {
    // docs/architecture.md: machines are pure; they import nothing from src/ or server/.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/*', '**/src/**', '**/server/**', 'react', 'react-dom'],
              message: 'machines/ stays pure: no React, no src/, no server/.',
            },
            DOMAIN_BY_ALIAS,
          ],
        },
      ],
    },
  },
  {
    // domain/ holds the types and constants the machines, the app and the server share: pure TypeScript.
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/*', '**/src/**', '**/server/**', '**/machines/**', 'react', 'react-dom', 'xstate'],
              message: 'domain/ imports nothing: it is shared by every side.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/*', '**/src/**'], message: 'server/ never imports src/.' }, DOMAIN_BY_ALIAS] },
      ],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs}', '*.config.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [DOMAIN_BY_ALIAS] }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
