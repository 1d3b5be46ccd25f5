import { describe, expect, it } from 'vitest';
import { routeModules } from './route-modules';

describe('route modules', () => {
  it('remember a page’s code once it has arrived, for the router to render it at once', async () => {
    expect(routeModules.bulk.loaded()).toBeUndefined();
    const module = await routeModules.bulk.load();
    expect(routeModules.bulk.loaded()).toBe(module);
    expect(routeModules.bulk.loaded()?.Component).toBeTypeOf('function');
  });
});
