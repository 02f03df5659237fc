import { readEnv, type Env } from './config';
import { startEmbedded, StartupError, type Embedded } from './embedded';

/** A problem the operator can fix: one line on stderr, no stack trace, and a failed exit. */
function refuse(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let env: Env;
try {
  env = readEnv();
} catch (error) {
  refuse(error instanceof Error ? error.message : String(error));
}

let embedded: Embedded;
try {
  embedded = await startEmbedded(env);
} catch (error) {
  if (error instanceof StartupError) refuse(error.message);
  throw error;
}
const { logger } = embedded;
logger.info({ url: embedded.url, dataDir: env.DATA_DIR }, `Serving the site and the API at ${embedded.url} (data in ${env.DATA_DIR})`);

/** Hard stop: a shutdown never takes longer than this, whatever hangs. */
const shutdownLimitMs = 9500;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests under way');
    const limit = setTimeout(() => {
      logger.error('shutdown took too long; exiting with requests unfinished');
      process.exit(1);
    }, shutdownLimitMs);
    limit.unref();
    embedded.close().then(
      () => {
        logger.info('stopped');
          process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
      },
    );
  });
}
