/**
 * The import boundaries between the audiences of the quotes' and bookings' services
 * (eslint.config.js `audienceZones`) hold: a negative fixture for each zone, linted with the
 * repository's own config as if it were the module's text, fails with the zone's message, and
 * the same module importing the shared core passes.
 */
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const rule = 'import-x/no-restricted-paths';
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === rule });

/** The zone messages ESLint gives `source` as the text of `path`. */
async function zoneMessages(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: resolve(root, path) });
  return result.messages.filter((message) => message.ruleId === rule).map((message) => message.message);
}

describe('the services split by audience', () => {
  it("keep staff-only modules out of the customer's quotes and booking", async () => {
    const leak = "import { StaffQuotes } from './staff-quotes';\nexport const leak = StaffQuotes;\n";
    expect(await zoneMessages('functions/src/services/customer-quotes.ts', leak)).toEqual([
      expect.stringContaining("The customer's services do not import staff-only ones"),
    ]);
    const calendar = "import { StaffCalendar } from './booking-calendar';\nexport const leak = StaffCalendar;\n";
    expect(await zoneMessages('functions/src/services/bookings.ts', calendar)).toEqual([
      expect.stringContaining("The customer's services do not import staff-only ones"),
    ]);
    const shared = "import { QuoteCore } from './quote-shared';\nexport const core = QuoteCore;\n";
    expect(await zoneMessages('functions/src/services/customer-quotes.ts', shared)).toEqual([]);
  }, 60_000);

  it("keep the shared cores from importing any audience's module", async () => {
    const upward = "import { QuotePayments } from './quote-payments';\nexport const up = QuotePayments;\n";
    expect(await zoneMessages('functions/src/services/quote-shared.ts', upward)).toEqual([
      expect.stringContaining('The shared cores of quotes and bookings import no audience'),
    ]);
    const booking = "import { CustomerBookings } from './bookings';\nexport const up = CustomerBookings;\n";
    expect(await zoneMessages('functions/src/services/booking-shared.ts', booking)).toEqual([
      expect.stringContaining('The shared cores of quotes and bookings import no audience'),
    ]);
  }, 60_000);
});
