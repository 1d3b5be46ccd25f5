/**
 * React Router's production build declares its components and contexts as
 * `React.forwardRef(…)`, `React.createContext(…)` and `React.memo(…)` calls, each followed by a
 * top-level `X.displayName = "…"` assignment. To a bundler both are side effects, so everything
 * they reach stays in every page's JavaScript whether the console uses it or not (Form,
 * ScrollRestoration, the fetcher and view-transition contexts, and what those call): about 1.5 KB
 * gzipped. These calls are pure, and a production build does not need the names (they are for
 * React DevTools), so the build marks the calls `@__PURE__` and drops the names, and the bundler
 * leaves out what nothing uses.
 */

/** React Router's production chunks, the only files this applies to. */
export const REACT_ROUTER_CHUNK = /\/node_modules\/react-router\/dist\/production\/[^/]+\.m?js$/;

const PURE_REACT_CALL = /(?<![\w$.])(React\d*)\.(forwardRef|createContext|memo)\(/g;
/** Only at the top level (no indentation): assignments inside functions are left alone. */
const TOP_LEVEL_DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";[ \t]*$/gm;

export interface PureResult {
  code: string;
  /** How many calls were marked and names dropped, to tell when a new release stops matching. */
  marked: number;
  dropped: number;
}

export function markReactRouterPure(code: string): PureResult {
  let marked = 0;
  let dropped = 0;
  const out = code
    .replace(PURE_REACT_CALL, (_call, react: string, name: string) => {
      marked += 1;
      return `/* @__PURE__ */ ${react}.${name}(`;
    })
    .replace(TOP_LEVEL_DISPLAY_NAME, () => {
      dropped += 1;
      return '';
    });
  return { code: out, marked, dropped };
}

/**
 * TanStack Query's client creates a mutation cache when it is given none, and every query checks
 * for the infinite-query behaviour; both bring their code (Mutation, MutationCache,
 * infiniteQueryBehavior: about 2.3 KB gzipped) into every page. The API is read-only and the
 * console has no infinite lists (ESLint refuses the hooks and classes that would need them), so
 * the build drops both expressions: the client takes the empty mutation cache that
 * src/lib/query-client.ts passes, and a query always uses its own `behavior` (none).
 */
export const QUERY_CORE_FILE =
  /\/node_modules\/@tanstack\/query-core\/build\/modern\/(queryClient|query)\.js$/;

const DEFAULT_MUTATION_CACHE = /config\.mutationCache \|\| new MutationCache\(\)/;
const INFINITE_BEHAVIOUR =
  /\(this\.#queryType === "infinite" \? infiniteQueryBehavior\(this\.options\.pages\) : this\.options\.behavior\)/;

export function dropUnusedQueryCore(code: string, id: string): PureResult {
  const pattern = /queryClient\.js$/.test(id) ? DEFAULT_MUTATION_CACHE : INFINITE_BEHAVIOUR;
  const replacement = /queryClient\.js$/.test(id)
    ? 'config.mutationCache'
    : '(this.options.behavior)';
  const marked = pattern.test(code) ? 1 : 0;
  return { code: code.replace(pattern, replacement), marked, dropped: marked };
}
