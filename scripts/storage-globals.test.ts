// @vitest-environment node
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkedSources, describeStorageUses, storageGlobalUses } from './storage-globals';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('the project', () => {
  it('touches sessionStorage and localStorage only through src/lib/storage.ts', () => {
    const files = checkedSources(ROOT);
    // Not passing by reading nothing: the sources are there, lib/storage.ts and tests left out.
    expect(files.length).toBeGreaterThan(150);
    expect(files).toContain(join(ROOT, 'src/components/data-table/views-store.ts'));
    expect(files).not.toContain(join(ROOT, 'src/lib/storage.ts'));
    expect(files.some((file) => file.endsWith('.test.ts') || file.includes('/src/test/'))).toBe(
      false,
    );
    expect(existsSync(join(ROOT, 'src/lib/storage.ts'))).toBe(true);
    expect(describeStorageUses(ROOT), 'use src/lib/storage.ts instead').toBe('');
  }, 30_000);
});

describe('storageGlobalUses', () => {
  const uses = (text: string) =>
    storageGlobalUses('a.tsx', text).map(({ line, name }) => `${line} ${name}`);

  it('finds the globals, however reached', () => {
    expect(
      uses(
        [
          'sessionStorage.getItem("k");',
          'const s = window.localStorage;',
          'globalThis["sessionStorage"].clear();',
          'const { length } = self.localStorage;',
          'keep({ localStorage });',
          'const area = cond ? localStorage : sessionStorage;',
          'type T = typeof localStorage;',
        ].join('\n'),
      ),
    ).toEqual([
      '1 sessionStorage',
      '2 localStorage',
      '3 sessionStorage',
      '4 localStorage',
      '5 localStorage',
      '6 localStorage',
      '6 sessionStorage',
      '7 localStorage',
    ]);
  });

  it('passes over comments, strings, JSX text and the keys and properties of other objects', () => {
    expect(
      uses(
        [
          '// localStorage.getItem("k")',
          '/* sessionStorage */ const a = 1;',
          'const text = "kept in localStorage";',
          'const t = `sessionStorage ${a}`;',
          'const o = { localStorage: 1, sessionStorage() {} };',
          'o.localStorage; options["sessionStorage"];',
          'interface I { localStorage: string }',
          'const p = <p>kept in localStorage</p>;',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
