// An ESLint rule: no module reaches itself through its imports, type-only imports included.
//
// import-x/no-cycle leaves out `import type` (it guards against modules that load half-made at
// run time), so a circle made of types alone (a route context taking a type from app.ts, which
// imports the routes) passes it; this rule reports those too. It follows relative imports of
// every kind (static, `import type`, `export ... from`, `import()`), which is how the
// packages' modules import each other; the packages import one another by name and one way
// only (web and functions use domain, which imports nothing of theirs), so no circle crosses
// them.
import { readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

const suffixes = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file a relative import names, as TypeScript finds it; undefined when there is none. */
function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  for (const suffix of suffixes) {
    try {
      if (statSync(base + suffix).isFile()) return base + suffix;
    } catch {
      // Not this one: try the next suffix.
    }
  }
  return undefined;
}

/** The relative imports of a module's text: where each is written, and the file it names. */
function importsOf(file, text) {
  const found = [];
  for (const { fileName, pos, end } of ts.preProcessFile(text, true, true).importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const target = resolveImport(file, fileName);
    if (target) found.push({ target, pos, end });
  }
  return found;
}

/** Each module's imports read from disk, kept until the file changes (an editor lints again and again). */
const onDisk = new Map();

function importedFiles(file) {
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const known = onDisk.get(file);
  if (known?.mtimeMs === mtimeMs) return known.targets;
  const targets = [...new Set(importsOf(file, readFileSync(file, 'utf8')).map(({ target }) => target))];
  onDisk.set(file, { mtimeMs, targets });
  return targets;
}

/** The shortest chain of imports from `start` back to `goal` (both included), or undefined. */
function routeBack(start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift();
    for (const next of importedFiles(file)) {
      if (next === goal) {
        const route = [goal];
        for (let at = file; at !== null; at = cameFrom.get(at)) route.unshift(at);
        return route;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included.' },
    schema: [],
    messages: {
      cycle: 'Import cycle: {{route}}. Move what these modules share to a module of its own, or to the lower layer.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    return {
      Program() {
        const { sourceCode } = context;
        for (const { target, pos, end } of importsOf(file, sourceCode.text)) {
          if (target === file) continue;
          const route = routeBack(target, file);
          if (!route) continue;
          context.report({
            loc: { start: sourceCode.getLocFromIndex(pos), end: sourceCode.getLocFromIndex(end) },
            messageId: 'cycle',
            data: { route: [file, ...route].map((path) => relative(context.cwd, path)).join(' -> ') },
          });
        }
      },
    };
  },
};
