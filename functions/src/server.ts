import { readEnv, type Env } from './config';
import { startEmbedded } from './embedded';

let env: Env;
try {
  env = readEnv();
} catch (error) {
  // A setting to fix, not a crash: one clear message, no stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const embedded = await startEmbedded(env);
console.log(`Serving the site and the API at ${embedded.url} (data in ${env.DATA_DIR})`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    embedded.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
