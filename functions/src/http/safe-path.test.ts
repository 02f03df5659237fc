import { describe, expect, it } from 'vitest';
import { safePath } from './safe-path';
import { businessTimeZone } from '@site/domain/calendar';

describe('the path a log shows', () => {
  it('keeps harmless query values and hides the rest, and hides upload tokens', () => {
    expect(safePath('/api/project-inquiries')).toBe('/api/project-inquiries');
    expect(safePath('/api/project-inquiries?limit=50&cursor=eyJ2IjoiMjAyNi0xMS0yMyJ9')).toBe('/api/project-inquiries?limit=50&cursor=~');
    expect(safePath(`/api/visitors/daily?days=30&timeZone=${businessTimeZone}`)).toBe(
      `/api/visitors/daily?days=30&timeZone=${businessTimeZone}`,
    );
    expect(safePath('/api/health?deep=1')).toBe('/api/health?deep=1');
    expect(safePath('/?email=ava%40example.com&utm_source=mail')).toBe('/?email=~&utm_source=~');
    expect(safePath('/api/objects/upload/abcdefghijklmnopqrstuvwxyz012345')).toBe('/api/objects/upload/:token');
    expect(safePath('/gallery?')).toBe('/gallery');
  });
});
