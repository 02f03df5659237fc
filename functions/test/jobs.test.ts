/**
 * The job kinds as the two entry points run them: the embedded server of `npm run demo`
 * optimises the sample models it saves after its start without a restart, and index.ts
 * exports a Cloud Function for every kind that declares one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../src/config';
import { sampleModels } from '../src/demo/models/samples';
import { seedSampleModels } from '../src/demo/models/seed-models';
import { startDemo } from '../src/embedded/start-demo';
import { jobKinds } from '../src/jobs/site-jobs';
import * as index from '../src/index';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the jobs', () => {
  it('optimise the demo sample models saved after the server started, without a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'demo-jobs-'));
    dirs.push(dir);
    const { embedded, seeded } = await startDemo(
      readEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, WEB_DIST: join(dir, 'no-web'), LOG_LEVEL: 'silent', BACKUP_KEEP: '0' }),
      // The sample models alone: the portfolio's photos take a minute or more to draw and process.
      { seed: async (store, objects) => (await seedSampleModels(store, objects!)) > 0 },
    );
    try {
      expect(seeded).toBe(true);
      await embedded.jobs.idle();
      const models = (await embedded.app.store.models.find({ orderBy: 'displayOrder', direction: 'asc', limit: 10 })).items;
      expect(models.map((model) => [model.name, model.processing])).toEqual(sampleModels.map((sample) => [sample.name, 'done']));
      const listed = (await (await fetch(`${embedded.url}/api/3d-models`)).json()) as Array<{ modelUrl: string }>;
      expect(listed.map((model) => model.modelUrl)).toEqual(models.map((model) => model.modelUrl));
      for (const model of models) expect(model.modelUrl).toMatch(/-optimized\.glb$/);
    } finally {
      await embedded.close();
    }
  }, 60_000);

  it('each have the Cloud Function they declare, exported by index.ts on their document or schedule', () => {
    const exported = index as unknown as Record<string, { __endpoint?: Record<string, unknown> }>;
    for (const kind of jobKinds) {
      const endpoint = exported[kind.cloud.function]?.__endpoint;
      expect(endpoint, kind.name).toBeDefined();
      if ('document' in kind.cloud) {
        expect(endpoint?.eventTrigger, kind.name).toMatchObject({ eventFilterPathPatterns: { document: kind.cloud.document } });
      } else {
        expect(endpoint?.scheduleTrigger, kind.name).toMatchObject({ schedule: kind.cloud.schedule });
      }
    }
  });
});
