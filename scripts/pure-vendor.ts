export interface PureResult {
  code: string;
  /** How many expressions were rewritten, to tell when a new release stops matching. */
  marked: number;
  dropped: number;
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
