import { describe, expect, it } from 'vitest';
import { loadedRouteModule, routeModules } from './route-modules';

describe('route modules', () => {
  it('remember a page’s code once it has arrived, for the router to render it at once', async () => {
    expect(loadedRouteModule('bulk')).toBeUndefined();
    const module = await routeModules.bulk();
    expect(loadedRouteModule('bulk')).toBe(module);
    expect(loadedRouteModule('bulk')?.Component).toBeTypeOf('function');
  });
});
