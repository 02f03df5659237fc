// npx tsx functions/scripts/bench-lead-store.ts [SRC_DIR]: an inquiry's submission through the
// lead service alone (its messages composed, the daily cap counted, the lead, messages and
// search-index mark stored through the group commit on a SQLite file), no HTTP: the CPU and
// wall time a lead, over 4,000 inquiries in batches of 10 after 1,000 to warm up. SRC_DIR
// (functions/src by default) may be another version's source, extracted with `git archive`,
// for a before/after run in turns; run it from a folder whose tsconfig.json sets
// "jsx": "react-jsx".
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const root = process.argv[2] ?? new URL('../src', import.meta.url).pathname;
const { createSqliteStore } = await import(`${root}/adapters/sqlite/store.ts`);
const { LeadService } = await import(`${root}/services/leads.ts`);
const { loadEmailLayouts } = await import(`${root}/services/lead-messages.ts`);
const { messageSettingsOf } = await import(`${root}/message-settings.ts`);
const { testSettings, testPolicy, goodInquiry } = await import('../test/harness.ts');
await loadEmailLayouts();
const settings = messageSettingsOf(testSettings, testPolicy);
const store = createSqliteStore({ file: join(mkdtempSync(join(tmpdir(), 'store-bench-')), 's.sqlite') });
const leads = new LeadService({ store, clock: { now: () => new Date() }, messageSettings: async () => settings, attachments: {} as never });
const run = async (n: number) => {
  for (let i = 0; i < n; i += 10)
    await Promise.all(
      Array.from({ length: 10 }, (_, j) => leads.submitInquiry({ ...goodInquiry, email: `c${i + j}@example.com` } as never, false)),
    );
};
await run(1000);
const cpu = process.cpuUsage();
const t0 = performance.now();
const n = 4000;
await run(n);
const used = process.cpuUsage(cpu);
console.log(
  `${root}: ${Math.round((used.user + used.system) / n)} µs CPU a lead, ${Math.round(((performance.now() - t0) * 1000) / n)} µs wall`,
);
await store.close();
