// `node functions/scripts/cold-start.mjs [runs]`: how long a new Cloud Function instance takes
// from process start to its first answer (GET /api/reviews), with Firestore over gRPC and over
// REST (`preferRest`), against Google's Firestore emulator. Each run is a fresh Node process
// loading the deploy bundle (functions/lib), as a new instance does; the runs alternate so
// that machine load falls on both alike. Each run's project first gets its site's very first
// instance, which also creates the first admin from ADMIN_PASSWORD (a password-strength check
// and a scrypt hash, once in a site's life: reported apart, as "first instance"); the measured
// instance then starts on that project, as every later instance of a running site does. The
// CPU time each used (user + system) is reported too: it varies less than the wall time when
// the machine is busy.
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startFirestoreEmulator } from './firestore-emulator.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const runs = Number(process.argv[2] ?? 7);
const require = createRequire(import.meta.url);
const built = spawnSync(process.execPath, [join(root, 'functions/scripts/build-function.mjs')], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const dir = mkdtempSync(join(tmpdir(), 'cold-start-'));
const child = join(dir, 'instance.mjs');
writeFileSync(
  child,
  `import { createServer } from 'node:http';
const { default: express } = await import(${JSON.stringify(pathToFileURL(require.resolve('express')).href)});
const { api } = await import(${JSON.stringify(pathToFileURL(join(root, 'functions/lib/index.js')).href)});
// What a new instance spends loading the bundle before the runtime hands it a request.
const loaded = performance.now();
// The Functions runtime hands the function Express's request and response.
const runtime = express();
runtime.all('/{*path}', (req, res) => api(req, res));
const server = createServer(runtime);
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const res = await fetch('http://127.0.0.1:' + server.address().port + '/api/reviews');
await res.text();
// performance.now() counts from the start of this process.
const cpu = process.cpuUsage();
console.log(JSON.stringify({ status: res.status, ms: performance.now(), loadMs: loaded, cpuMs: (cpu.user + cpu.system) / 1000 }));
process.exit(0);
`,
);

// Firestore's REST transport asks for credentials even against the emulator (a known
// client bug); a throwaway service-account key, used as a self-signed JWT, satisfies it offline.
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const keyFile = join(dir, 'throwaway-key.json');
writeFileSync(
  keyFile,
  JSON.stringify({
    type: 'service_account',
    project_id: 'demo-cold',
    private_key_id: 'throwaway',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    client_email: 'cold-start@demo-cold.iam.gserviceaccount.com',
    client_id: '1',
    token_uri: 'https://oauth2.googleapis.com/token',
  }),
);

const emulator = await startFirestoreEmulator();
const once = (rest, n) =>
  new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child], {
      env: {
        ...process.env,
        FIRESTORE_PREFER_REST: rest ? 'true' : 'false',
        GOOGLE_APPLICATION_CREDENTIALS: keyFile,
        FIRESTORE_EMULATOR_HOST: emulator.host,
        GCLOUD_PROJECT: `demo-cold-${process.pid}-${n}`,
        FUNCTIONS_EMULATOR: 'true',
        STORAGE_BUCKET: 'demo-cold.appspot.com',
        // Not contacted by this request; set so the function takes the emulator's upload path.
        FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199',
        ADMIN_PASSWORD: 'cold start measurement password',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (chunk) => (out += chunk));
    proc.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        const { status, ms, loadMs, cpuMs } = JSON.parse(line);
        if (status !== 200) throw new Error(`answered ${status}: ${out}`);
        resolve({ ms, loadMs, cpuMs });
      } catch (error) {
        reject(new Error(`run ${n} (exit ${code}): ${error.message}\n${out}`));
      }
    });
  });

const times = { grpc: [], rest: [] };
const firsts = [];
try {
  for (let n = 0; n < runs * 2; n++) {
    const rest = n % 2 === 1;
    firsts.push(await once(rest, n));
    times[rest ? 'rest' : 'grpc'].push(await once(rest, n));
  }
} finally {
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const figures = (list) =>
  `median ${median(list).toFixed(0)} ms  (min ${Math.min(...list).toFixed(0)}, max ${Math.max(...list).toFixed(0)}, ${list.length} runs)`;
console.log('A new instance of a running site, from process start to: the bundle loaded (index.js imported), and the first answer.');
for (const [name, list] of Object.entries(times)) {
  console.log(`${name.padEnd(4)}  loaded  ${figures(list.map((run) => run.loadMs))}`);
  console.log(`${name.padEnd(4)}  answer  ${figures(list.map((run) => run.ms))}`);
  console.log(`${name.padEnd(4)}  CPU     ${figures(list.map((run) => run.cpuMs))}`);
  console.log(`      every answer: ${list.map((run) => run.ms.toFixed(0)).join(', ')} ms`);
}
console.log(`first instance (creates the admin), both transports: answer ${figures(firsts.map((run) => run.ms))}`);
