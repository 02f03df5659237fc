import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { errorCode } from './startup-error';

/**
 * The entry points (server, CLI) set this umask first: everything they create is then
 * readable by its owner only, whoever creates it. SQLite makes the database and its -wal and
 * -shm files, tar the backups and restored files, the upload streams the stored files: a
 * umask reaches all of them, where explicit modes would have to reach into each library.
 */
export const privateUmask = 0o077;

/**
 * Takes the group and other permissions off `dir` and everything under it (folders 0700,
 * files 0600 from an older version's 0755 and 0644), keeping the owner's. A umask covers
 * only what is created from now on; a DATA_DIR written by an older version needs this once.
 * Symbolic links are left alone (chmod would follow them out of the folder).
 */
export async function makePrivate(path: string): Promise<void> {
  let names: string[] = [];
  try {
    const info = await lstat(path);
    if (info.isSymbolicLink()) return;
    if (info.mode & 0o077) await chmod(path, info.mode & 0o700);
    if (info.isDirectory()) names = await readdir(path);
  } catch (error) {
    // Removed meanwhile (an upload's staging file moved on, a backup's staging folder).
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  for (const name of names) await makePrivate(join(path, name));
}
