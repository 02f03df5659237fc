// `npm run emulators`: builds the site for Firebase (web with VITE_BACKEND=firebase pointed at
// the emulators, the function bundle), starts the Auth, Functions, Firestore and Hosting
// emulators with the ports in firebase.json, seeds them with demo content and an admin, and
// keeps them running until Ctrl-C. Data persists between runs in .firebase/emulator-data
// (gitignored).
//
// Firestore: Google's emulator from the installed Cloud CLI package when there is one (run
// through a launcher jar, so firebase-tools downloads nothing), else the one firebase-tools
// downloads. Either way firebase-tools wants Java 21 or newer.
// Storage: only with `-- --storage`. firebase-tools downloads that emulator on first use,
// which needs Google's download servers; without it model uploads do not work and the
// showroom has no sample models.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firebaseToolsLauncher, findJavas } from './firestore-emulator.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const project = JSON.parse(readFileSync(join(root, '.firebaserc'), 'utf8')).projects.default;
const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')).emulators;
const at = (name) => `${config[name].host}:${config[name].port}`;

const run = (command, args, env = {}) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!process.argv.includes('--no-build')) {
  run('npm', ['run', 'build', '-w', 'web'], { VITE_BACKEND: 'firebase', VITE_FIREBASE_EMULATORS: 'true' });
}
run('node', ['functions/scripts/build-function.mjs']);

// The function reads the ADMIN_PASSWORD secret from .secret.local in the emulator.
const dataDir = join(root, '.firebase');
mkdirSync(dataDir, { recursive: true });
const passwordFile = join(dataDir, 'emulator-admin-password.txt');
const password =
  process.env.ADMIN_PASSWORD ??
  (existsSync(passwordFile) ? readFileSync(passwordFile, 'utf8').trim() : randomBytes(12).toString('base64url'));
writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
writeFileSync(join(root, 'functions/lib/.secret.local'), `ADMIN_PASSWORD=${password}\n`, { mode: 0o600 });

const withStorage = process.argv.includes('--storage');
const only = ['auth', 'functions', 'firestore', 'hosting', ...(withStorage ? ['storage'] : [])];
const env = { ...process.env };
const launcher = await firebaseToolsLauncher();
if ('launcherJar' in launcher) {
  env.FIRESTORE_EMULATOR_BINARY_PATH = launcher.launcherJar;
  env.PATH = `${join(launcher.javaHome, 'bin')}:${env.PATH}`;
  console.log(`Firestore: the installed emulator, run with ${launcher.javaHome}.`);
} else {
  const newest = findJavas()[0];
  if (newest?.major >= 21) env.PATH = `${dirname(newest.java)}:${env.PATH}`;
  console.log(`Firestore: the emulator firebase-tools downloads (${launcher.reason}).`);
}
if (!withStorage) {
  console.log(
    'Storage: left out (start with `npm run emulators -- --storage` where firebase-tools can download it). Model uploads need it.',
  );
}

// The production CSP names no loopback origins; the emulated site's browser code talks to the
// Auth, Firestore and Storage emulators, so Hosting's emulator serves a copy of firebase.json
// whose CSP also allows those (firebase.emulators.json, next to it so its paths still resolve).
const emulatorOrigins = ['firestore', 'auth', 'storage'].map((name) => `http://${at(name)}`).join(' ');
const hostingConfig = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
for (const rule of hostingConfig.hosting.headers) {
  for (const header of rule.headers) {
    if (header.key !== 'Content-Security-Policy') continue;
    header.value = header.value
      .replace(/connect-src ([^;]*)/, `connect-src $1 ${emulatorOrigins}`)
      .replace(/img-src ([^;]*)/, `img-src $1 http://${at('storage')}`);
  }
}
const configFile = join(root, 'firebase.emulators.json');
writeFileSync(configFile, `${JSON.stringify(hostingConfig, null, 2)}\n`);

const exportDir = join(dataDir, 'emulator-data');
const args = [
  'firebase',
  'emulators:start',
  '--config',
  configFile,
  '--only',
  only.join(','),
  '--project',
  project,
  '--export-on-exit',
  exportDir,
];
if (existsSync(exportDir)) args.push('--import', exportDir);
const emulators = spawn('npx', args, { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => emulators.kill(signal));
emulators.on('exit', (code) => process.exit(code ?? 0));

// Seed once every emulator the seed needs answers.
const hub = `http://${at('hub')}/emulators`;
for (let waited = 0; ; waited += 1000) {
  const running = await fetch(hub)
    .then((r) => r.json())
    .catch(() => ({}));
  if (running.firestore && running.hosting && (!withStorage || running.storage)) break;
  if (waited > 120_000) {
    console.error('The emulators did not start within two minutes.');
    emulators.kill('SIGINT');
    break;
  }
  await new Promise((done) => setTimeout(done, 1000));
}
run('npx', ['tsx', 'functions/src/firebase/seed-emulators.ts'], {
  GCLOUD_PROJECT: project,
  FIRESTORE_EMULATOR_HOST: at('firestore'),
  ...(withStorage ? { FIREBASE_STORAGE_EMULATOR_HOST: at('storage') } : {}),
  FIREBASE_AUTH_EMULATOR_HOST: at('auth'),
  ADMIN_PASSWORD: password,
});
console.log(
  `\nThe site: http://${at('hosting')}  (admin: ${process.env.ADMIN_USERNAME ?? 'admin'} / ${password}, also in ${passwordFile})\n`,
);
