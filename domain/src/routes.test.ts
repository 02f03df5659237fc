import { describe, expect, it } from 'vitest';
import { paths, routeOf } from './routes';

describe('routeOf', () => {
  it('names the route without trailing slashes, and keeps the home page', () => {
    expect(routeOf('/admin/')).toBe(paths.admin);
    expect(routeOf('/admin//')).toBe(paths.admin);
    expect(routeOf('/services')).toBe(paths.services);
    expect(routeOf('/')).toBe('/');
    expect(routeOf('//')).toBe('/');
    expect(routeOf('')).toBe('/');
  });
});
