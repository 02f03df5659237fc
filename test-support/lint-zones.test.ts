/**
 * The lint zones hold, checked on fixtures that break them: ESLint runs the repository's own
 * config (eslint.config.js) on each snippet as if it were the file named, and must report the
 * zone's message there, and only there.
 * - Production code (functions/src, web/src) never imports @site/test-support; tests may.
 * - The quotes' and bookings' services keep their audiences apart: the customer's modules import
 *   no staff-only one, and the shared cores import no audience's module.
 * - The server's layers: only http/ (and the sessions) throw HttpError, the demo content does not
 *   reach into the embedded server, config.ts loads no service, routes import no adapter; the same
 *   import where the zone allows it reports nothing.
 * - Two folders up or more, a module imports by its package's subpath (#web/..., #functions/...),
 *   and every zone holds through a subpath import as through a relative one.
 *
 * Only the zone rules run (import-x/no-restricted-paths, no-restricted-imports), without type information (the snippets are not on disk, so the
 * TypeScript project service cannot open them; the zone rule needs no types).
 */
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({
  cwd: resolve(import.meta.dirname, '..'),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths' || ruleId === 'no-restricted-imports',
});

const refusal =
  'imported in restricted zone. Production code does not import @site/test-support (test parts only): tests, benchmarks and scripts may.';

/** The zone messages ESLint gives `code` as the text of `filePath`. */
async function messagesFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

/** The zone messages for a module at `filePath` that imports everything of `specifier`. */
function zoneMessages(filePath: string, specifier: string): Promise<string[]> {
  return messagesFor(filePath, `import * as part from '${specifier}';\nexport const used = part;\n`);
}

describe('production code never imports the test parts (lint)', () => {
  it.each([
    ['functions/src/services/model-pipeline-extra.ts', '@site/test-support/model-fixtures'],
    ['functions/src/services/model-pipeline-extra.ts', '../../../test-support/model-fixtures'],
    ['functions/src/adapters/smtp/extra.ts', '@site/test-support/message-peers'],
    ['functions/src/index-extra.ts', '@site/test-support/stores'],
    ['web/src/lib/extra.ts', '@site/test-support/message-peers'],
    ['web/src/features/showroom/components/extra.tsx', '@site/test-support/model-fixtures'],
  ])('refuses %s importing %s, naming the rule and what to do', async (file, specifier) => {
    // (The relative path also climbs three folders, which the subpath rule below refuses too.)
    const zones = (await zoneMessages(file, specifier)).filter((message) => message.startsWith('import-x/'));
    expect(zones).toEqual([`import-x/no-restricted-paths: Unexpected path "${specifier}" ${refusal}`]);
  });

  it.each([
    ['functions/src/services/model-pipeline-extra.test.ts', '@site/test-support/model-fixtures'],
    ['functions/test/extra.test.ts', '@site/test-support/cloud-storage'],
    ['web/src/lib/extra.test.ts', '@site/test-support/firestore-emulator'],
    ['e2e/specs/extra.spec.ts', '@site/test-support/message-peers'],
    ['functions/scripts/extra.ts', '@site/test-support/model-fixtures'],
  ])('lets %s (a test, spec or script) import %s', async (file, specifier) => {
    expect(await zoneMessages(file, specifier)).toEqual([]);
  });

  it('lets production code import what it may (the domain package)', async () => {
    expect(await zoneMessages('functions/src/services/extra.ts', '@site/domain')).toEqual([]);
    expect(await zoneMessages('web/src/lib/extra.ts', '@site/domain')).toEqual([]);
  });
});

describe('the services split by audience (lint)', () => {
  const staffOnly = "The customer's services do not import staff-only ones";
  const cores = 'The shared cores of quotes and bookings import no audience';

  it.each([
    ['functions/src/services/customer-quotes.ts', './staff-quotes', staffOnly],
    ['functions/src/services/bookings.ts', './booking-calendar', staffOnly],
    ['functions/src/services/bookings.ts', './calendar-feed', staffOnly],
    ['functions/src/services/quote-shared.ts', './quote-payments', cores],
    ['functions/src/services/booking-shared.ts', './bookings', cores],
  ])('refuses %s importing %s', async (file, specifier, message) => {
    expect(await zoneMessages(file, specifier)).toEqual([expect.stringContaining(message)]);
  });

  it("lets the customer's quotes import the shared core", async () => {
    expect(await zoneMessages('functions/src/services/customer-quotes.ts', './quote-shared')).toEqual([]);
  });
});

describe('the layers of functions/src (lint)', () => {
  const fixtures: Array<{ zone: string; path: string; code: string; says: RegExp; allowedAt: string }> = [
    {
      zone: 'only http/ (and the sessions) throw HttpError',
      path: 'functions/src/routes/lint-fixture.ts',
      code: "import { HttpError } from '../http/errors';\nexport const refuse = () => new HttpError(404, 'Not found');\n",
      says: /Throw a domain error of ports\/errors\.ts/,
      allowedAt: 'functions/src/http/lint-fixture.ts',
    },
    {
      zone: 'services throw domain errors, not HttpError',
      path: 'functions/src/services/lint-fixture.ts',
      code: "import { HttpError } from '../http/errors';\nexport const refuse = () => new HttpError(409, 'Taken');\n",
      says: /Throw a domain error of ports\/errors\.ts|Services do not import http\//,
      allowedAt: 'functions/src/http/lint-fixture.ts',
    },
    {
      zone: 'the demo content does not reach into the embedded server',
      path: 'functions/src/demo/lint-fixture.ts',
      code: "import { startEmbedded } from '../embedded/site';\nexport const start = startEmbedded;\n",
      says: /embedded\/ is the embedded server/,
      allowedAt: 'functions/src/embedded/lint-fixture.ts',
    },
    {
      zone: 'config.ts loads no service',
      path: 'functions/src/config.ts',
      code: "import { customerMobile } from './services/lead-messages';\nexport const check = customerMobile;\n",
      says: /config\.ts reads the environment before anything runs/,
      allowedAt: 'functions/src/phone.ts',
    },
    {
      zone: 'routes do not import adapters',
      path: 'functions/src/routes/lint-fixture.ts',
      code: "import { createSqliteStore } from '../adapters/sqlite/store';\nexport const open = createSqliteStore;\n",
      says: /only the entry points choose adapters/,
      allowedAt: 'functions/src/embedded/lint-fixture.ts',
    },
  ];

  it.each(fixtures)('fail an import across them: $zone', async (fixture) => {
    const messages = await messagesFor(fixture.path, fixture.code);
    expect(
      messages.some((message) => fixture.says.test(message)),
      messages.join('\n'),
    ).toBe(true);
    // Written where it is allowed, the same import is not reported by that zone.
    const elsewhere = await messagesFor(fixture.allowedAt, fixture.code);
    expect(elsewhere.filter((message) => fixture.says.test(message))).toEqual([]);
  });
});

describe('imports two folders away go by the subpath, and the zones hold through it (lint)', () => {
  const climbing = "Two folders up or more: import by the package's subpath instead";

  it.each([
    ['web/src/features/booking/components/lint-fixture.tsx', '../../../lib/dates', '#web/lib/dates.ts'],
    ['web/src/app/pages/lint-fixture.test.tsx', '../../../test-support/render', '#web-test/render.tsx'],
    ['functions/src/adapters/sqlite/lint-fixture.ts', '../../ports/errors', '#functions/ports/errors.ts'],
    ['functions/src/http/lint-fixture.ts', '../../ports/errors', '#functions/ports/errors.ts'],
  ])('refuses %s importing %s, and takes %s', async (file, relative, subpath) => {
    expect(await zoneMessages(file, relative)).toEqual([expect.stringContaining(climbing)]);
    expect(await zoneMessages(file, subpath)).toEqual([]);
  });

  it('lets a module import its neighbours by a relative path, and refuses climbing into another package (by name: @site/domain)', async () => {
    expect(await zoneMessages('web/src/features/booking/components/lint-fixture.tsx', '../lib/slots')).toEqual([]);
    expect(await zoneMessages('functions/src/adapters/sqlite/lint-fixture.ts', '../../../../domain/src/index')).toEqual([
      expect.stringContaining(climbing),
    ]);
  });

  it('holds the layers through a subpath import: no adapter in routes, no HttpError outside http/', async () => {
    const adapter = await messagesFor(
      'functions/src/routes/lint-fixture.ts',
      "import { createSqliteStore } from '#functions/adapters/sqlite/store.ts';\nexport const open = createSqliteStore;\n",
    );
    expect(adapter).toEqual([expect.stringMatching(/only the entry points choose adapters/)]);
    const httpError = await messagesFor(
      'functions/src/services/lint-fixture.ts',
      "import { HttpError } from '#functions/http/errors.ts';\nexport const refuse = () => new HttpError(409, 'Taken');\n",
    );
    expect(
      httpError.some((message) => /Throw a domain error of ports\/errors\.ts/.test(message)),
      httpError.join('\n'),
    ).toBe(true);
  });
});
