// Compiled by `npm run typecheck` (tsc -p functions), not run: it shows that the check of the
// table specs against their record types (src/ports/schema-check.ts) fails on each kind of
// disagreement. Each `@ts-expect-error` line must not compile, or the typecheck fails.
import type { NoProblems, SpecProblems } from '../src/ports/schema-check';

interface Item {
  id: string;
  title: string;
  size?: number;
  done: boolean;
  tags: string[];
}

export const agrees: NoProblems<
  SpecProblems<Item, { name: 'items'; columns: { id: 'text'; title: 'text'; size: 'int'; done: 'bool'; tags: 'json' }; optional: ['size'] }>
> = true;

export const searchColumn: NoProblems<
  SpecProblems<
    Item,
    {
      name: 'items';
      columns: { id: 'text'; title: 'text'; size: 'int'; done: 'bool'; tags: 'json'; searchTokens: 'json' };
      optional: ['size'];
      search: { field: 'searchTokens'; fields: { title: 'text' } };
    }
  >
> = true;

// @ts-expect-error the record's `tags` has no column
export const fieldWithoutColumn: NoProblems<
  SpecProblems<Item, { name: 'items'; columns: { id: 'text'; title: 'text'; size: 'int'; done: 'bool' }; optional: ['size'] }>
> = true;

// @ts-expect-error the spec's `colour` is not in the record
export const columnWithoutField: NoProblems<
  SpecProblems<
    Item,
    { name: 'items'; columns: { id: 'text'; title: 'text'; size: 'int'; done: 'bool'; tags: 'json'; colour: 'text' }; optional: ['size'] }
  >
> = true;

// @ts-expect-error `size` is optional in the record but not listed as optional
export const optionalNotListed: NoProblems<
  SpecProblems<Item, { name: 'items'; columns: { id: 'text'; title: 'text'; size: 'int'; done: 'bool'; tags: 'json' } }>
> = true;

// @ts-expect-error `title` is required in the record but listed as optional
export const listedNotOptional: NoProblems<
  SpecProblems<
    Item,
    { name: 'items'; columns: { id: 'text'; title: 'text'; size: 'int'; done: 'bool'; tags: 'json' }; optional: ['size', 'title'] }
  >
> = true;

// @ts-expect-error `done` is a boolean stored as text
export const wrongKind: NoProblems<
  SpecProblems<Item, { name: 'items'; columns: { id: 'text'; title: 'text'; size: 'int'; done: 'text'; tags: 'json' }; optional: ['size'] }>
> = true;
