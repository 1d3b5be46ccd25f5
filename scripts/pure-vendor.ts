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
