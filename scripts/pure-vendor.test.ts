import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { dropUnusedQueryCore, QUERY_CORE_FILE } from './pure-vendor';

describe('dropUnusedQueryCore', () => {
  const file = (name: string) =>
    resolve(import.meta.dirname, `../node_modules/@tanstack/query-core/build/modern/${name}.js`);

  it('matches the installed TanStack Query: the default mutation cache and the infinite behaviour go', () => {
    for (const name of ['queryClient', 'query']) {
      const id = file(name);
      expect(QUERY_CORE_FILE.test(id)).toBe(true);
      const { code, marked } = dropUnusedQueryCore(readFileSync(id, 'utf8'), id);
      expect(marked).toBe(1);
      expect(code).not.toMatch(/new MutationCache\(\)|infiniteQueryBehavior\(/);
    }
  });

  it('leaves other files of the package alone', () => {
    expect(QUERY_CORE_FILE.test(file('queryObserver'))).toBe(false);
    expect(QUERY_CORE_FILE.test(file('mutationCache'))).toBe(false);
  });
});
