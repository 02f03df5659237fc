/**
 * The built embedded server (functions/dist, from `npm run build -w functions`) and the admin
 * CLI as child processes, for tests of what an operator sees: exit codes, stderr, files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { admin, Client, goodInquiry, until } from './harness';

export const functionsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverJs = join(functionsDir, 'dist/server.js');
const cliJs = join(functionsDir, 'dist/cli.js');

export function assertBuilt() {
  if (!existsSync(serverJs) || !existsSync(cliJs)) throw new Error('functions/dist is missing: run npm run build -w functions first');
}

export const freePort = () =>
  new Promise<number>((done) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

export interface Exited {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  stdout(): string;
  stderr(): string;
  exited: Promise<Exited>;
  client(): Client;
  adminClient(): Promise<Client>;
}

function collect(child: ChildProcess) {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exited>((done) => child.on('exit', (code, signal) => done({ code, signal, stdout, stderr })));
  return { stdout: () => stdout, stderr: () => stderr, exited };
}

export function baseEnv(dataDir: string, port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    FORM_RATE_LIMIT: '100000',
    WEB_DIST: join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
  };
}

/** Spawns the server; does not wait for it (see `startServer`). */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  assertBuilt();
  const port = Number(env.PORT);
  const child = spawn(process.execPath, [serverJs], {
    cwd: functionsDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collect(child);
  const url = `http://127.0.0.1:${port}`;
  return {
    child,
    url,
    port,
    ...output,
    client: () => new Client(url),
    async adminClient() {
      const client = new Client(url);
      const response = await client.post('/api/login', admin);
      if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
      return client;
    },
  };
}

/** Spawns the server on `dataDir` and waits until it answers. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const server = await spawnServer({ ...baseEnv(dataDir, port), ...env });
  let exited: Exited | undefined;
  void server.exited.then((e) => (exited = e));
  await until(async () => {
    if (exited) throw new Error(`the server exited (${exited.code}): ${exited.stderr}`);
    try {
      return (await fetch(`${server.url}/api/health`)).ok;
    } catch {
      return false;
    }
  }, 'the server to answer');
  return server;
}

/** Stops a server started by a test, gracefully (SIGTERM), and waits for it. */
export async function stopServer(server: ServerProcess): Promise<Exited> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

/** Runs `npm run admin -- ...` (the built CLI) with DATA_DIR. */
export function runCli(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<Exited> {
  assertBuilt();
  const child = spawn(process.execPath, [cliJs, 'admin', ...args], {
    cwd: functionsDir,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return collect(child).exited;
}

/** An inquiry the server acknowledged (201) before it was killed. */
export interface Acknowledged {
  id: string;
  email: string;
}

/**
 * Posts inquiries from 8 concurrent senders and kills the server with SIGKILL once `killAfter`
 * are acknowledged and `also` holds. Returns the acknowledged ones, and how many were refused
 * or cut off (more than 0 shows the kill came mid-burst).
 */
export async function burstThenKill(
  server: ServerProcess,
  killAfter: number,
  also: () => boolean = () => true,
): Promise<{ acknowledged: Acknowledged[]; refused: number }> {
  const acknowledged: Acknowledged[] = [];
  let refused = 0;
  let next = 0;
  const senders = Array.from({ length: 8 }, async () => {
    while (next < 5000) {
      const email = `burst${next++}@example.com`;
      try {
        const res = await fetch(`${server.url}/api/project-inquiry`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...goodInquiry, email }),
        });
        if (res.status === 201) acknowledged.push({ id: ((await res.json()) as { id: string }).id, email });
        else refused++;
      } catch {
        refused++;
      }
    }
  });
  await until(() => acknowledged.length >= killAfter && also(), `${killAfter} acknowledged inquiries`, 30_000);
  server.child.kill('SIGKILL');
  await Promise.all(senders);
  return { acknowledged, refused };
}
