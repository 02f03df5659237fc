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

// The quotes' and bookings' services are split by audience. What the customer's own pages run
// (their quotes, their booking) never loads what only staff use, and the shared cores import
// none of the audiences' modules, so each audience's service only grows by its own use cases.
const services = './functions/src/services';
const customerServices = [`${services}/customer-quotes.ts`, `${services}/bookings.ts`];
const staffOnlyServices = [`${services}/staff-quotes.ts`, `${services}/booking-calendar.ts`, `${services}/calendar-feed.ts`];
const audienceZones = [
  {
    target: customerServices,
    from: staffOnlyServices,
    message: "The customer's services do not import staff-only ones: what both need lives in quote-shared.ts or booking-shared.ts.",
  },
  {
    target: [`${services}/quote-shared.ts`, `${services}/booking-shared.ts`],
    from: [...customerServices, ...staffOnlyServices, `${services}/quote-payments.ts`],
    message: "The shared cores of quotes and bookings import no audience's service: those build on the cores, not the other way.",
  },
];

// Every folder of web/src/features is a feature, kept apart from the others below: a new
// folder is, with no list to update.
const webFeatures = readdirSync(join(import.meta.dirname, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Production code never imports the test parts (@site/test-support: SMTP and SMS peers, generated
// model files, a Cloud Storage stand-in, the tests' stores): they are not part of any bundle and
// are free to do what production must not (fixed seeds, fake answers). Tests may.
const productionWithoutTestSupport = (target) => ({
  target,
  from: './test-support',
  message: 'Production code does not import @site/test-support (test parts only): tests, benchmarks and scripts may.',
});

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

/** The web app's zones: features apart from each other and from the app, shared code below both. */
const webZones = [
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
];

/**
 * A module imports its neighbours by relative path (`./x`, `../x`) and anything two folders or more
 * away by its package's subpath import (`imports` in web/package.json and functions/package.json),
 * which names the file from the package's source root: a module can move without its imports
 * climbing a different number of folders, and the reader sees where the import lives.
 */
const climbing = (example) => ({
  regex: '^(\\.\\./){2,}',
  message: `Two folders up or more: import by the package's subpath instead (${example}).`,
});
const functionsSubpaths =
  '#functions/ports/errors.ts for functions/src/ports/errors.ts, #functions-test/harness.ts for functions/test/harness.ts';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/dist-ssr/',
      'functions/lib/',
      'functions/.worker/',
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
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
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
          patterns: [climbing('#web/lib/dates.ts for web/src/lib/dates.ts, #web-test/render.tsx for web/test-support/render.tsx')],
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
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['web/tsconfig.json'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...webZones, productionWithoutTestSupport('./web/src')] }] },
  },
  {
    // The web app's tests keep to the same zones, and may import the test parts.
    files: ['web/src/**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['web/tsconfig.json'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones }] },
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
            ...audienceZones,
            productionWithoutTestSupport('./functions/src'),
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
                './functions/src/demo',
              ],
              from: './functions/src/embedded',
              message:
                'embedded/ is the embedded server and what only it runs: the shared layers, the demo content and the Firebase entry do not import it.',
            },
            {
              target: './functions/src/config.ts',
              from: ['./functions/src/services', './functions/src/routes', './functions/src/app.ts'],
              message:
                'config.ts reads the environment before anything runs: what it checks lives in a small module of its own (phone.ts).',
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
    // http/ and the sessions may import HttpError; the rule on climbing holds for them too.
    files: ['functions/src/http/**/*.{ts,tsx}', 'functions/src/auth/sessions.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [climbing(functionsSubpaths)] }] },
  },
  {
    // One rule the server keeps: routes parse and call a service, services throw the domain
    // errors of ports/errors.ts, and http/errors.ts maps them to statuses once. HttpError (a
    // status chosen in place) belongs to http/ and to the sessions' 401 (auth/sessions.ts).
    files: ['functions/src/**/*.{ts,tsx}'],
    ignores: ['functions/src/http/**', 'functions/src/auth/sessions.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            climbing(functionsSubpaths),
            {
              // By a relative path or by the subpath import, which names the file.
              group: ['**/http/errors', '**/http/errors.ts'],
              importNames: ['HttpError'],
              message:
                'Throw a domain error of ports/errors.ts (add a kind and its status in http/errors.ts if none fits): only http/ chooses statuses.',
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
