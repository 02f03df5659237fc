// Google's Firestore emulator from the installed Google Cloud CLI component
// (Debian/Ubuntu package `google-cloud-cli-firestore-emulator`, or `gcloud components install
// cloud-firestore-emulator`), started straight from its jar with an installed Java. Used by the
// tests (Vitest global setup) and by `npm run emulators`, so neither needs firebase-tools to
// download anything.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const jarName = 'cloud-firestore-emulator.jar';

/** The emulator jar: FIRESTORE_EMULATOR_JAR, the Debian package's files, or a gcloud SDK. */
function findJar() {
  if (process.env.FIRESTORE_EMULATOR_JAR) return existsSync(process.env.FIRESTORE_EMULATOR_JAR) ? process.env.FIRESTORE_EMULATOR_JAR : null;
  const listed = spawnSync('dpkg', ['-L', 'google-cloud-cli-firestore-emulator'], { encoding: 'utf8' });
  const fromPackage = listed.status === 0 ? listed.stdout.split('\n').find((line) => line.endsWith(`/${jarName}`)) : undefined;
  if (fromPackage && existsSync(fromPackage)) return fromPackage;
  const sdkRoots = [
    '/usr/lib/google-cloud-sdk',
    '/usr/share/google-cloud-sdk',
    '/opt/google-cloud-sdk',
    join(process.env.HOME ?? '', 'google-cloud-sdk'),
  ];
  for (const root of sdkRoots) {
    const jar = join(root, 'platform/cloud-firestore-emulator', jarName);
    if (existsSync(jar)) return jar;
  }
  return null;
}

/** The major version a `java` binary reports, or 0 when it does not run. */
function javaMajor(java) {
  const out = spawnSync(java, ['-version'], { encoding: 'utf8' });
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${out.stderr ?? ''}${out.stdout ?? ''}`);
  if (!match) return 0;
  return match[1] === '1' ? Number(match[2]) : Number(match[1]);
}

/**
 * Installed Java runtimes, newest first: JAVA_HOME, every JDK in /usr/lib/jvm, then `java`
 * on the PATH. firebase-tools wants 21 or newer; the jar itself starts on 17.
 */
export function findJavas() {
  const candidates = [];
  if (process.env.JAVA_HOME) candidates.push(join(process.env.JAVA_HOME, 'bin/java'));
  if (existsSync('/usr/lib/jvm')) {
    for (const dir of readdirSync('/usr/lib/jvm')) candidates.push(join('/usr/lib/jvm', dir, 'bin/java'));
  }
  candidates.push('java');
  const seen = new Map();
  for (const java of candidates) {
    if (java !== 'java' && !existsSync(java)) continue;
    const major = javaMajor(java);
    if (major > 0 && ![...seen.values()].some((known) => known.major === major)) seen.set(java, { java, major });
  }
  return [...seen.values()].sort((a, b) => b.major - a.major);
}

/**
 * Where the emulator and a Java to run it are, or why it cannot run here:
 * `{ jar, java, javaMajor }` or `{ reason }`.
 */
export function locateFirestoreEmulator() {
  const jar = findJar();
  if (!jar) {
    return {
      reason:
        "Google's Firestore emulator is not installed (apt-get install google-cloud-cli-firestore-emulator, or set FIRESTORE_EMULATOR_JAR)",
    };
  }
  const [newest] = findJavas().filter(({ major }) => major >= 11);
  if (!newest) return { reason: `no Java 11 or newer to run ${jar}` };
  return { jar, java: newest.java, javaMajor: newest.major };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('No free port'))));
    });
  });
}

/**
 * Starts the emulator on 127.0.0.1 (a free port unless one is given) and resolves once it
 * answers: `{ host: '127.0.0.1:PORT', stop() }`. Rejects with the emulator's output when it
 * exits or does not answer within `timeoutMs`.
 */
export async function startFirestoreEmulator({ port, timeoutMs = 60_000 } = {}) {
  const found = locateFirestoreEmulator();
  if ('reason' in found) throw new Error(found.reason);
  const listen = port ?? (await freePort());
  const child = spawn(
    found.java,
    ['-cp', found.jar, 'com.google.cloud.datastore.emulator.firestore.CloudFirestore', 'start', '--host=127.0.0.1', `--port=${listen}`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const host = `127.0.0.1:${listen}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killed);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The Firestore emulator exited (${child.exitCode}):\n${output}`);
    const ready = await fetch(`http://${host}/`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { host, stop, pid: child.pid };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The Firestore emulator did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

const launcherClass = 'FirestoreEmulatorLauncher';
const launcherSource = `// Lets firebase-tools start the installed Firestore emulator: it runs \`java -jar FILE ARGS\`,
// while the installed jar has no Main-Class and wants the command \`start\` before its options.
public final class ${launcherClass} {
  public static void main(String[] args) throws Throwable {
    String[] command = new String[args.length + 1];
    command[0] = "start";
    System.arraycopy(args, 0, command, 1, args.length);
    Class.forName("com.google.cloud.datastore.emulator.firestore.CloudFirestore")
        .getMethod("main", String[].class)
        .invoke(null, (Object) command);
  }
}
`;

/**
 * What firebase-tools needs to run the installed emulator instead of downloading its own:
 * `{ launcherJar, javaHome }` for FIRESTORE_EMULATOR_BINARY_PATH and a PATH with that Java
 * first (firebase-tools refuses a Java older than 21), or `{ reason }`. The launcher is a
 * one-class jar whose manifest puts the installed jar on the class path; it is compiled once
 * into .firebase/ with the newest installed JDK and rebuilt when the jar's path changes.
 */
export async function firebaseToolsLauncher() {
  const found = locateFirestoreEmulator();
  if ('reason' in found) return found;
  const jdk = findJavas().find(
    ({ major, java }) => major >= 21 && existsSync(join(dirname(java), 'javac')) && existsSync(join(dirname(java), 'jar')),
  );
  if (!jdk) return { reason: 'firebase-tools needs a Java 21 or newer JDK (with javac and jar) to start the installed Firestore emulator' };
  const bin = dirname(jdk.java);
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const stamp = createHash('sha256').update(`${found.jar}\n${jdk.java}\n${launcherSource}`).digest('hex').slice(0, 12);
  const dir = join(root, '.firebase', 'firestore-launcher', stamp);
  const launcherJar = join(dir, 'firestore-emulator-launcher.jar');
  if (!existsSync(launcherJar)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, 'classes'), { recursive: true });
    writeFileSync(join(dir, `${launcherClass}.java`), launcherSource);
    writeFileSync(join(dir, 'manifest.txt'), `Main-Class: ${launcherClass}\nClass-Path: ${pathToFileURL(found.jar).href}\n`);
    const step = (command, args) => {
      const result = spawnSync(join(bin, command), args, { cwd: dir, encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`${command} failed while building the Firestore emulator launcher:\n${result.stderr}`);
    };
    step('javac', ['-d', 'classes', `${launcherClass}.java`]);
    step('jar', ['--create', '--file', launcherJar, '--manifest', 'manifest.txt', '-C', 'classes', '.']);
  }
  return { launcherJar, javaHome: dirname(bin) };
}
