// npm run deploy [-- --project ID ...]: `firebase deploy --only hosting,functions,firestore,storage`
// with the given options. The business's details (its site address among them) are stored
// settings, edited in the admin's Settings tab, where the dashboard's go-live card names any
// example value still shown; nothing in the build holds them. The one value this can still
// check is a SITE_URL the function is given: a first start copies it into the settings, so an
// example address there would put example.com into the sitemap and the messages' links.
import { isExampleAddress } from '@site/domain';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);

/** The Firebase project: --project/-P as firebase takes it, else .firebaserc's default. */
function projectOf(argv: readonly string[]): string | undefined {
  for (const [i, arg] of argv.entries()) {
    if (arg === '--project' || arg === '-P') return argv[i + 1];
    if (arg.startsWith('--project=')) return arg.slice('--project='.length);
  }
  const rc = join(root, '.firebaserc');
  return existsSync(rc) ? (JSON.parse(readFileSync(rc, 'utf8')) as { projects?: { default?: string } }).projects?.default : undefined;
}

/** Variables of dotenv files, later files overriding earlier ones; missing files are skipped. */
function readEnvFiles(files: readonly string[]): Record<string, string | undefined> {
  const vars: Record<string, string | undefined> = {};
  for (const file of files) if (existsSync(file)) Object.assign(vars, parseEnv(readFileSync(file, 'utf8')));
  return vars;
}

const project = projectOf(args);
const functionEnvFile = `functions/.env.${project ?? '<project-id>'}`;

// The function's variables: functions/.env and .env.<project> (what firebase deploy uploads;
// the deploying shell's environment does not reach it).
const functionVars = readEnvFiles([join(root, 'functions/.env'), ...(project ? [join(root, `functions/.env.${project}`)] : [])]);
const functionSiteUrl = functionVars.SITE_URL;
if (functionSiteUrl && isExampleAddress(functionSiteUrl)) {
  process.stderr.write(
    [
      `Not deploying: SITE_URL is still the example "${functionSiteUrl}" (functions/.env or ${functionEnvFile}).`,
      `Remove it, or set the real address: the site's address and the business's details are set in the admin's Settings tab.`,
      '',
    ].join('\n'),
  );
  process.exit(1);
}
process.stdout.write(
  "The site's address and the business's details are set in the admin's Settings tab: after deploying, sign in and check the dashboard's go-live card.\n",
);

const firebase = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');
const child = spawn(process.execPath, [firebase, 'deploy', '--only', 'hosting,functions,firestore,storage', ...args], {
  cwd: root,
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
