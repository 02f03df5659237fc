import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

/**
 * The lint rules that keep the business's time zone in one constant and date formatting in
 * the date modules: each fixture is linted as if it were the named file, and the rule must
 * name what to use instead (or stay quiet where the code is allowed).
 */
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
}

const zoneFixture = "export const zone = 'Australia/Melbourne';\n";
const urlFixture = 'export const url = `/api/visitors/daily?timeZone=Australia/Melbourne`;\n';
const intlFixture = "export const day = (at: Date) => new Intl.DateTimeFormat('en-AU', { day: 'numeric' }).format(at);\n";
const localeFixture = "export const day = (at: Date) => at.toLocaleDateString('en-AU');\n";

describe('the time zone is written once', () => {
  test.each([
    'web/src/lib/site-settings.ts',
    'functions/src/services/bookings.ts',
    'functions/test/bookings.test.ts',
    'e2e/specs/settings.spec.ts',
  ])(
    "'Australia/Melbourne' in %s points to businessTimeZone",
    async (file) => {
      expect(await restricted(file, zoneFixture)).toEqual([expect.stringContaining('Use businessTimeZone')]);
      expect(await restricted(file, urlFixture)).toEqual([expect.stringContaining('Use businessTimeZone')]);
    },
    60_000,
  );

  test('domain/src/calendar.ts may write it', async () => {
    expect(await restricted('domain/src/calendar.ts', zoneFixture)).toEqual([]);
  }, 60_000);
});

describe('dates are formatted by the date modules', () => {
  test.each([
    'web/src/features/customer-project/components/bank-transfer.tsx',
    'functions/src/services/staff-quotes.ts',
    'domain/src/quotes.ts',
  ])(
    'Intl.DateTimeFormat and toLocaleDateString in %s name the date modules',
    async (file) => {
      expect(await restricted(file, intlFixture)).toEqual([expect.stringContaining('web/src/lib/dates.ts')]);
      expect(await restricted(file, localeFixture)).toEqual([expect.stringContaining('not toLocaleDateString')]);
    },
    60_000,
  );

  test.each(['web/src/lib/dates.ts', 'web/src/lib/public-dates.ts', 'functions/src/services/days.ts', 'functions/test/quotes.test.ts'])(
    '%s may use Intl',
    async (file) => {
      expect(await restricted(file, intlFixture)).toEqual([]);
    },
    60_000,
  );
});
