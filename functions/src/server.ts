import { readEnv } from './config';
import { startEmbedded } from './embedded';

const env = readEnv();
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
