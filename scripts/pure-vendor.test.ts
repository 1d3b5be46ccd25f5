import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  dropUnusedQueryCore,
  markReactRouterPure,
  QUERY_CORE_FILE,
  REACT_ROUTER_CHUNK,
} from './pure-vendor';

describe('markReactRouterPure', () => {
  it('marks React component and context factories pure and drops top-level display names', () => {
    const source = [
      'import * as React10 from "react";',
      'var Form = React10.forwardRef((props, ref) => null);',
      'Form.displayName = "Form";',
      'var Ctx = React.createContext(null);',
      'Ctx.displayName = "Ctx";',
      'var Memo = React3.memo(Inner);',
      'function make() {',
      '  let Inner2 = React10.forwardRef(() => null);',
      '  Inner2.displayName = "Kept";',
      '  return Inner2;',
      '}',
    ].join('\n');
    const { code, marked, dropped } = markReactRouterPure(source);
    expect(marked).toBe(4);
    expect(dropped).toBe(2);
    expect(code).toContain('var Form = /* @__PURE__ */ React10.forwardRef(');
    expect(code).toContain('var Ctx = /* @__PURE__ */ React.createContext(null);');
    expect(code).toContain('var Memo = /* @__PURE__ */ React3.memo(Inner);');
    expect(code).not.toContain('Form.displayName');
    expect(code).not.toContain('Ctx.displayName');
    // Inside a function: marked, but its name assignment is not a top-level statement and stays.
    expect(code).toContain('  Inner2.displayName = "Kept";');
  });

  it('leaves other calls and look-alikes alone', () => {
    const source = [
      'var a = React.useMemo(() => 1);',
      'var b = myReact.forwardRef(x);',
      'var c = obj.React.createContext(null);',
      'x.displayName = computeName();',
    ].join('\n');
    expect(markReactRouterPure(source)).toEqual({ code: source, marked: 0, dropped: 0 });
  });

  it('applies to React Router production chunks only', () => {
    expect(
      REACT_ROUTER_CHUNK.test('/w/node_modules/react-router/dist/production/chunk-7RTFRKQW.mjs'),
    ).toBe(true);
    expect(REACT_ROUTER_CHUNK.test('/w/node_modules/react-router/dist/development/index.mjs')).toBe(
      false,
    );
    expect(REACT_ROUTER_CHUNK.test('/w/src/app/router.tsx')).toBe(false);
  });
});

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
