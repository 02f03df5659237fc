import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

describe('safeNext', () => {
  it('keeps a path on this site with its query', () => {
    expect(safeNext('/admin?tab=reviews')).toBe('/admin?tab=reviews');
  });

  it.each([null, '', 'https://evil.example/admin', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/login'])(
    'falls back to /admin for %s',
    (next) => {
      expect(safeNext(next)).toBe('/admin');
    },
  );
});
