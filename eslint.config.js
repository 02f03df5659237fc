// Lint rules of the whole monorepo (ESLint flat config). `npm run lint` runs ESLint and
// Prettier's check; CI runs it before the tests and fails on any error.
//
// Besides the usual TypeScript and React hooks rules, the config holds the architecture in
// place: the import boundaries below fail the lint when a module reaches across a layer.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';
import vitest from '@vitest/eslint-plugin';
import noImportCycle from './eslint-rules/no-import-cycle.js';

// functions/ and web/ share only domain/: the server reads the built pages as files, never web/'s modules.
const functionsWithoutWeb = {
  target: './functions',
  from: './web',
  message: 'functions/ does not import web/: what both need lives in domain/.',
};

// Every folder of web/src/features is a feature, kept apart from the others below: a new
// folder is, with no list to update.
const webFeatures = readdirSync(join(import.meta.dirname, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const dateModules =
  'web/src/lib/dates.ts (or public-dates.ts on the public pages), functions/src/services/days.ts or domain/src/calendar.ts';
const timeZoneLiteral = ['Literal[value=/Australia\\/Melbourne/]', 'TemplateElement[value.raw=/Australia\\/Melbourne/]'].map(
  (selector) => ({
    selector,
    message: "Use businessTimeZone (domain/src/calendar.ts), where the business's time zone is written once.",
  }),
);
const dateFormatting = [
  {
    selector: "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']",
    message: `Format dates with ${dateModules}, not Intl.DateTimeFormat.`,
  },
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
    message: `Format dates with ${dateModules}, not toLocaleDateString/toLocaleTimeString.`,
  },
];

/** The server's layers that use ports/: adapters and ports themselves import none of them. */
const layersAbovePorts = [
  './functions/src/app.ts',
  './functions/src/routes',
  './functions/src/http',
  './functions/src/auth',
  './functions/src/services',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/dist-ssr/',
      'functions/lib/',
      'coverage/',
      '.firebase/',
      '**/test-results/',
      '**/playwright-report/',
      '.data*/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'test-support/*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A promise nobody awaits loses its error; mark deliberate fire-and-forget with `void`.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Plain JavaScript files (scripts, configs) are not part of a TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: [
      'e2e/**/*.ts',
      'functions/scripts/**',
      'web/scripts/**',
      'functions/src/embedded/cli.ts',
      'functions/src/firebase/seed-emulators.ts',
      'functions/test/**',
      '**/*.test.{ts,tsx}',
    ],
    // Command-line tools, benchmarks and tests report on the terminal.
    rules: { 'no-console': 'off' },
  },
  {
    // A Vitest test that asserts nothing cannot fail, and an `expect(...)` never completed (no
    // matcher called, a promise's matcher not awaited) checks nothing: both are lint errors.
    // Assertions are `expect`, a helper of the test's own named expect... (expectNotice) and the
    // rules tests' assertFails and assertSucceeds.
    files: ['**/*.test.{ts,tsx}', '**/*.contract.ts'],
    plugins: { vitest },
    rules: {
      'vitest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', 'assertFails', 'assertSucceeds'] }],
      // Vitest's expect takes a message as its second argument.
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
    },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter, which must be a
    // destructuring pattern even when it needs none: `async ({}, use) => ...`.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    // Material UI is imported one way: a path import per component (`@mui/material/Button`,
    // `@mui/icons-material/Close`). The root barrels pull thousands of modules into the dev
    // server and tests, and mixing both styles makes the same component look different from
    // file to file.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['@mui/material', '@mui/icons-material', '@mui/system', '@mui/lab'].map((name) => ({
            name,
            message: `Import each part from its own path under ${name}/ (e.g. import Button from '@mui/material/Button').`,
          })),
        },
      ],
    },
  },
  {
    // domain/ is the product's rules, shared by the browser and the server: it depends on zod for its schemas,
    // on @date-fns/tz for Melbourne time (business hours, booking slots, the cooling-off and deposit dates:
    // daylight saving is not hand-written), on libphonenumber-js for phone numbers (the numbering plan is not
    // hand-written either) and on date-holidays for Victoria's public holidays (gazetted days are not
    // hand-written); its tests on vitest and fast-check.
    files: ['domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|@date-fns/tz$|libphonenumber-js/min$|date-holidays$|\\.{1,2}/)',
              message: 'domain/ imports only zod, @date-fns/tz, libphonenumber-js/min, date-holidays and its own modules.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|@date-fns/tz$|vitest$|fast-check$|\\.{1,2}/)',
              message: 'domain/ tests import vitest, fast-check and the domain.',
            },
          ],
        },
      ],
    },
  },
  {
    // No module reaches itself through its imports, types included: a cycle ties its modules
    // into one lump that can only be understood, tested and loaded together (and at run time
    // one of them reads the other half-made). What two modules both need moves to a module of
    // its own, or in functions/ to the lower layer (ports/). import-x/no-cycle is not used: it
    // skips type-only imports, through which such lumps grow unnoticed.
    files: ['domain/src/**/*.ts', 'functions/{src,test}/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    plugins: { site: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'site/no-import-cycle': 'error' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['web/tsconfig.json'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Features are independent: the app composes them; what two need lives in components/ or lib/.
            ...webFeatures.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: move what both need to components/ or lib/, or compose them in app/.',
            })),
            {
              target: './web/src/features',
              from: './web/src/app',
              message: 'Features do not import the app layer: the app imports features, not the other way.',
            },
            {
              target: ['./web/src/components', './web/src/lib', './web/src/config', './web/src/styles'],
              from: ['./web/src/app', './web/src/features'],
              message: 'Shared code (components/, lib/, config/) does not import app/ or features/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['functions/tsconfig.json'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [functionsWithoutWeb] }] },
  },
  {
    // The layers of functions/src point one way: entry points (app.ts, server.ts, index.ts)
    // -> routes -> services -> ports <- adapters. Tests of services are entry points of a
    // kind: they wire real adapters in.
    files: ['functions/src/**/*.{ts,tsx}'],
    ignores: ['functions/src/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            functionsWithoutWeb,
            {
              target: ['./functions/src/routes', './functions/src/services', './functions/src/ports'],
              from: './functions/src/adapters',
              message: 'Routes and services use ports; only the entry points choose adapters.',
            },
            {
              target: './functions/src/services',
              from: ['./functions/src/routes', './functions/src/app.ts'],
              message: 'Services do not import routes or app.ts: routes call services; what both need lives in services/ or ports/.',
            },
            {
              target: './functions/src/services',
              from: './functions/src/http',
              message: 'Services do not import http/: they throw the errors of ports/errors.ts, which http/errors.ts maps to statuses.',
            },
            {
              target: './functions/src/adapters',
              from: layersAbovePorts,
              message: 'Adapters implement ports: they import ports/ (and domain/), not the layers that use them.',
            },
            {
              target: './functions/src/routes',
              from: './functions/src/app.ts',
              message: 'Routes do not import app.ts, which composes them: what they share lives in routes/context.ts or ports/.',
            },
            {
              target: [
                ...layersAbovePorts,
                './functions/src/adapters',
                './functions/src/ports',
                './functions/src/jobs',
                './functions/src/firebase',
              ],
              from: './functions/src/embedded',
              message: 'embedded/ is the embedded server and what only it runs: the shared layers and the Firebase entry do not import it.',
            },
            {
              target: './functions/src/ports',
              from: layersAbovePorts,
              message: 'ports/ is the lowest layer: the others import it, it imports none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    // The business's time zone is written once, as domain/src/calendar.ts's businessTimeZone:
    // a second spelling of it is a second place to miss when it changes.
    files: ['**/*.{ts,tsx,js,mjs}'],
    // (The rule's own test writes the literal in its fixtures.)
    ignores: ['domain/src/calendar.ts', 'test-support/lint-rules.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...timeZoneLiteral] },
  },
  {
    // Dates are formatted by one module a side: web/src/lib/dates.ts (date-fns, staff and the
    // customer's pages) with lib/public-dates.ts (Intl, the public pages), functions/src/services/days.ts
    // on the server, and calendar.ts's businessDate in domain/. Tests may use Intl to work out
    // what a page should show.
    files: ['domain/src/**/*.ts', 'functions/{src,scripts}/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'domain/src/calendar.ts',
      'web/src/lib/dates.ts',
      'web/src/lib/public-dates.ts',
      'functions/src/services/days.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...timeZoneLiteral, ...dateFormatting] },
  },
  prettier,
);
