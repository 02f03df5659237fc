import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The repository's root folder, whether this runs bundled (functions/dist/*.js, every chunk
 * in one folder) or from source (functions/src/embedded/, under tsx and the tests).
 */
export const repositoryRoot = resolve(here, basename(here) === 'dist' ? '../..' : '../../..');
