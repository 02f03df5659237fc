/**
 * The lint rules that hold the server's layers (eslint.config.js) fail where they should: each
 * zone gets a fixture, an import written where the zone forbids it, and must report it with its
 * message; the same import where it is allowed reports nothing. The fixtures are linted as
 * text at the path they would have, with the repository's own configuration (type-aware rules
 * off: the fixtures are in no TypeScript project).
 */
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

/** The messages of the zone rules ESLint reports for `code` at `path`. */
async function zoneMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, path) });
  return result.messages
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

const fixtures: Array<{ zone: string; path: string; code: string; says: RegExp; allowedAt: string; allowedCode?: string }> = [
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
    allowedCode: "import { customerMobile } from './services/lead-messages';\nexport const check = customerMobile;\n",
  },
  {
    zone: 'routes do not import adapters',
    path: 'functions/src/routes/lint-fixture.ts',
    code: "import { createSqliteStore } from '../adapters/sqlite/store';\nexport const open = createSqliteStore;\n",
    says: /only the entry points choose adapters/,
    allowedAt: 'functions/src/embedded/lint-fixture.ts',
  },
];

describe('the lint zones of functions/src', () => {
  for (const fixture of fixtures) {
    it(`fail an import across them: ${fixture.zone}`, async () => {
      const messages = await zoneMessages(fixture.path, fixture.code);
      expect(
        messages.some((message) => fixture.says.test(message)),
        messages.join('\n'),
      ).toBe(true);
      // Written where it is allowed, the same import is not reported by that zone.
      const elsewhere = await zoneMessages(fixture.allowedAt, fixture.allowedCode ?? fixture.code);
      expect(elsewhere.filter((message) => fixture.says.test(message))).toEqual([]);
    });
  }
});
