// npm run deploy [-- --project ID ...]: `firebase deploy --only hosting,functions,firestore,storage`
// with the given options, once the site holds no example settings. A site deployed with the
// business settings' example values would show visitors an email nobody reads and a phone
// number that reaches nobody, and tell search engines its pages live on example.com; so this
// stops first, naming each example value and where to set the real one.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { business } from '../../web/src/config/business';
import { businessFile, describePlaceholders, findPlaceholders, type Placeholder } from '../../web/src/config/placeholders';

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

// The web build's address: VITE_SITE_URL from the environment or web's .env files, read as
// Vite reads them for a production build; else the business settings'.
const webVars = readEnvFiles(['.env', '.env.local', '.env.production', '.env.production.local'].map((name) => join(root, 'web', name)));
const webSiteUrl = process.env.VITE_SITE_URL || webVars.VITE_SITE_URL;
// The function's, for links in staff alerts: SITE_URL from functions/.env and .env.<project>
// (what firebase deploy uploads; the deploying shell's environment does not reach it).
const functionVars = readEnvFiles([join(root, 'functions/.env'), ...(project ? [join(root, `functions/.env.${project}`)] : [])]);
const functionSiteUrl = functionVars.SITE_URL;

const siteUrls: Placeholder[] = [];
if (webSiteUrl)
  siteUrls.push({ setting: 'VITE_SITE_URL', value: webSiteUrl, setIn: 'web/.env.production (or the environment of npm run deploy)' });
if (functionSiteUrl) siteUrls.push({ setting: 'SITE_URL', value: functionSiteUrl, setIn: `functions/.env or ${functionEnvFile}` });
if (!webSiteUrl || !functionSiteUrl) {
  // What the web build or the function falls back to.
  const without = [!webSiteUrl && 'VITE_SITE_URL in web/.env.production', !functionSiteUrl && `SITE_URL in ${functionEnvFile}`]
    .filter(Boolean)
    .join(' and ');
  siteUrls.push({ setting: 'siteUrl', value: business.siteUrl, setIn: `${businessFile} (or ${without})` });
}

const placeholders = findPlaceholders(business, siteUrls);
if (placeholders.length) {
  process.stderr.write(
    [
      `Not deploying: the site still holds example settings.`,
      ...describePlaceholders(placeholders).map((line) => `  - ${line}`),
      `Put the business's real details there, then run npm run deploy again.`,
      '',
    ].join('\n'),
  );
  process.exit(1);
}

const firebase = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');
const child = spawn(process.execPath, [firebase, 'deploy', '--only', 'hosting,functions,firestore,storage', ...args], {
  cwd: root,
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
