import type { Env } from '../config';
import { startEmbedded, type Embedded, type EmbeddedOptions } from './site';
import { seedDemo } from '../demo/seed';

/**
 * `npm run demo`: the embedded server on its data folder, filled with the demo content when
 * the folder has none. The content goes in after the server has started (and its jobs have
 * looked for pending work), so the jobs look again: the sample models, saved pending as an
 * admin's upload is, are optimised now rather than at the next start.
 */
export async function startDemo(
  env: Env,
  options: EmbeddedOptions & {
    fullPhotos?: boolean;
    /** What fills the folder: the whole demo content by default; a test gives a part of it. */
    seed?: typeof seedDemo;
  } = {},
): Promise<{ embedded: Embedded; seeded: boolean }> {
  const embedded = await startEmbedded(env, options);
  const seed = options.seed ?? seedDemo;
  try {
    const seeded = await seed(embedded.app.store, embedded.app.context.objects, { fullPhotos: options.fullPhotos });
    if (seeded) await embedded.jobs.resume();
    return { embedded, seeded };
  } catch (error) {
    await embedded.close();
    throw error;
  }
}
