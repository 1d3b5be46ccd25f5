import * as v from 'valibot';
import { NAME_ORDERS, USER_SORT_FIELDS, type NameOrder, type UserSortField } from './db.ts';
import { invalidParameter } from './http-utils.ts';

/**
 * What a failure answers with. `json` is the spec's error body; `html` a proxy's error page;
 * `malformed` a 200 that breaks the contract. The rest are what a hostile or broken API does, for
 * the console's hardening tests:
 * - `hang`: never answers; `slow`: sends headers and `{"data":[`, then a byte a second, forever;
 * - `echo-token`: an error whose message and request id repeat the caller's bearer token;
 * - `deep`: a 200 whose JSON is nested 100,000 levels deep;
 * - `huge`: a 200 of 12 MB; `long-text`: the real answer with a 2,000,000-character first name;
 * - `bidi`: the real answer with a first name that a right-to-left override would reverse;
 * - `redirect`: a 302 to another host.
 */
const FAILURE_BODIES = [
  'json',
  'html',
  'malformed',
  'hang',
  'slow',
  'echo-token',
  'deep',
  'huge',
  'long-text',
  'bidi',
  'redirect',
] as const;
export type FailureBody = (typeof FAILURE_BODIES)[number];
const OK_BODIES: readonly FailureBody[] = [
  'malformed',
  'hang',
  'slow',
  'deep',
  'huge',
  'long-text',
  'bidi',
];

const failureSchema = v.pipe(
  v.strictObject({
    /** Matched against the path after any base prefix, whole segments only: `/v1/users` covers `/v1/users/user_1`. */
    path: v.pipe(v.string(), v.regex(/^\/[^\s?#]*$/, 'must be a path starting with "/"')),
    status: v.picklist([200, 302, 401, 403, 404, 429, 500, 502, 503]),
    count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)), 1),
    retryAfter: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(86_400))),
    body: v.optional(v.picklist(FAILURE_BODIES), 'json'),
  }),
  v.forward(
    v.check(
      (failure) => failure.status !== 200 || OK_BODIES.includes(failure.body),
      `status 200 is only meaningful with body ${OK_BODIES.map((body) => `"${body}"`).join(', ')}`,
    ),
    ['status'],
  ),
  v.forward(
    v.check(
      (failure) => (failure.status === 302) === (failure.body === 'redirect'),
      'status 302 goes with body "redirect", and only with it',
    ),
    ['status'],
  ),
);

/** Any value JSON can write: what a field an API grew may hold. */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
const jsonSchema: v.GenericSchema<Json> = v.lazy(() =>
  v.union([
    v.string(),
    v.pipe(v.number(), v.finite()),
    v.boolean(),
    v.null(),
    v.array(jsonSchema),
    v.record(v.string(), jsonSchema),
  ]),
);

/** valibot's object and record schemas take a list for one, as JSON objects never are. */
const notList = <T extends v.GenericSchema>(schema: T) =>
  v.pipe(
    v.custom<v.InferInput<T>>((input) => !Array.isArray(input), 'must be an object, not a list'),
    schema,
  );

const count = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max));

export const PRODUCT_PRICES = ['cents', 'mills'] as const;
export type ProductPrices = (typeof PRODUCT_PRICES)[number];
export const PRODUCT_FILTERS = ['category', 'min_price', 'max_price'] as const;
export type ProductFilterParam = (typeof PRODUCT_FILTERS)[number];

export const scenarioInputSchema = notList(
  v.strictObject({
    latencyMs: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(10_000))),
    fail: v.optional(
      v.union([notList(failureSchema), v.pipe(v.array(failureSchema), v.maxLength(100))]),
    ),
    /** The sort fields `/v1/users` accepts (each with its `-` form); `[]` accepts none. */
    userSorts: v.optional(
      v.pipe(v.array(v.picklist(USER_SORT_FIELDS)), v.maxLength(USER_SORT_FIELDS.length)),
    ),
    nameOrder: v.optional(v.picklist(NAME_ORDERS)),
    /**
     * The `meta.total` `/v1/users` claims (up to 1,000,000,000), whatever the users are: pages past
     * the real ones come back empty, as from an API whose count is wrong or never ends.
     */
    userTotal: v.optional(count(1_000_000_000)),
    /**
     * Every page of `/v1/users` after the first starts with the row that ended the page before (so
     * holds one row more than `limit`), as an API whose pages overlap does.
     */
    repeatEdgeRow: v.optional(v.boolean()),
    /**
     * `mills`: every product costs a thousandth less (20 becomes 19.999, 0.5 becomes 0.499), as
     * an API that keeps three decimals would answer; `min_price` and `max_price` filter those.
     * `cents` (the default): the generated prices.
     */
    productPrices: v.optional(v.picklist(PRODUCT_PRICES)),
    /**
     * Filters of `/v1/products` answered as if they were not sent, as an API that does not know
     * them would (the overview must not take its counts for filtered ones). `[]` applies them all.
     */
    ignoreProductFilters: v.optional(
      v.pipe(v.array(v.picklist(PRODUCT_FILTERS)), v.maxLength(PRODUCT_FILTERS.length)),
    ),
    /**
     * Fields a user lookup carries beyond the spec's, after them: `{"status": "suspended"}`, as an
     * API that grew a field the console does not know would send. `{}` sends only the default.
     */
    userFields: v.optional(
      v.pipe(
        notList(
          v.record(
            v.pipe(
              v.string(),
              v.regex(/^[a-z][a-z0-9_]{0,39}$/, 'must be a lower-case field name'),
            ),
            jsonSchema,
          ),
        ),
        v.maxEntries(20, 'at most 20 fields'),
      ),
    ),
    reset: v.optional(v.boolean()),
  }),
);

/** What `POST /__demo/scenario` accepts (and `ScenarioStore.apply` takes directly). */
export type ScenarioInput = v.InferInput<typeof scenarioInputSchema>;
export type SimulatedFailure = v.InferOutput<typeof failureSchema>;

/** How a route's successful body looks, so `malformed` can break that particular shape. */
export type RouteKind = 'list' | 'detail';

/** How `/v1/users` behaves for a token: an API other than the mock's default one. */
export interface UsersBehaviour {
  sorts: readonly UserSortField[];
  nameOrder: NameOrder;
  /** The total claimed instead of the real one. */
  claimedTotal?: number | undefined;
  repeatEdgeRow: boolean;
}

const DEFAULT_USERS_BEHAVIOUR: UsersBehaviour = {
  sorts: USER_SORT_FIELDS,
  nameOrder: 'locale',
  repeatEdgeRow: false,
};

interface TokenScenario {
  latencyMs: number;
  failures: SimulatedFailure[];
  users: UsersBehaviour;
  productPrices: ProductPrices;
  ignoredProductFilters: readonly ProductFilterParam[];
  userFields: Record<string, unknown>;
}

/**
 * The first problem, named by its path. `fail` is a union (one entry or a list): when neither
 * alternative fits, valibot reports the union, with each alternative's problems inside (their
 * paths start where the union is). The one that got deepest into the value says what is wrong.
 */
function describeIssue(issues: readonly v.BaseIssue<unknown>[] | undefined, prefix = ''): string {
  const issue = issues?.[0];
  if (!issue) return 'invalid body';
  const path = [prefix, v.getDotPath(issue)].filter(Boolean).join('.');
  if (issue.type === 'union' && issue.issues?.length) {
    const depth = (inner: v.BaseIssue<unknown>) => inner.path?.length ?? 0;
    const deepest = [...issue.issues].sort((a, b) => depth(b) - depth(a));
    return describeIssue(deepest, path);
  }
  return `${path === '' ? '' : `${path}: `}${issue.message}`;
}

function pathCovers(prefix: string, apiPath: string): boolean {
  const base = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  return apiPath === base || apiPath.startsWith(`${base}/`);
}

/**
 * Demo and test scenarios, keyed by the bearer token that set them, so parallel end-to-end tests
 * (each with its own token) never see each other's failures.
 */
export class ScenarioStore {
  private readonly byToken = new Map<string, TokenScenario>();

  /** Validates like the HTTP endpoint does; throws a 400 `ApiProblem` for a bad body. */
  apply(token: string, input: ScenarioInput): void {
    const parsed = v.safeParse(scenarioInputSchema, input);
    if (!parsed.success) {
      throw invalidParameter(`Invalid scenario: ${describeIssue(parsed.issues)}`);
    }
    const { latencyMs, fail, userSorts, nameOrder, productPrices, userFields, reset } =
      parsed.output;
    const { ignoreProductFilters, userTotal, repeatEdgeRow } = parsed.output;
    if (reset) this.byToken.delete(token);
    const scenario = this.byToken.get(token) ?? {
      latencyMs: 0,
      failures: [],
      users: DEFAULT_USERS_BEHAVIOUR,
      productPrices: 'cents',
      ignoredProductFilters: [],
      userFields: {},
    };
    if (productPrices) scenario.productPrices = productPrices;
    if (ignoreProductFilters) scenario.ignoredProductFilters = ignoreProductFilters;
    if (userFields) scenario.userFields = userFields;
    if (latencyMs !== undefined) scenario.latencyMs = latencyMs;
    if (fail) scenario.failures.push(...(Array.isArray(fail) ? fail : [fail]));
    if (userSorts) scenario.users = { ...scenario.users, sorts: userSorts };
    if (nameOrder) scenario.users = { ...scenario.users, nameOrder };
    if (userTotal !== undefined) scenario.users = { ...scenario.users, claimedTotal: userTotal };
    if (repeatEdgeRow !== undefined) scenario.users = { ...scenario.users, repeatEdgeRow };
    this.byToken.set(token, scenario);
  }

  latencyFor(token: string): number {
    return this.byToken.get(token)?.latencyMs ?? 0;
  }

  usersBehaviourFor(token: string): UsersBehaviour {
    return this.byToken.get(token)?.users ?? DEFAULT_USERS_BEHAVIOUR;
  }

  productPricesFor(token: string): ProductPrices {
    return this.byToken.get(token)?.productPrices ?? 'cents';
  }

  ignoredProductFiltersFor(token: string): readonly ProductFilterParam[] {
    return this.byToken.get(token)?.ignoredProductFilters ?? [];
  }

  userFieldsFor(token: string): Record<string, unknown> {
    return this.byToken.get(token)?.userFields ?? {};
  }

  /**
   * The first queued failure covering `apiPath`, with one use consumed. A failure queued from the
   * demo panel is meant for a request the person makes, so background prefetches never take one.
   */
  takeFailure(token: string, apiPath: string, prefetch = false): SimulatedFailure | undefined {
    if (prefetch) return undefined;
    const failures = this.byToken.get(token)?.failures;
    const index = failures?.findIndex((failure) => pathCovers(failure.path, apiPath)) ?? -1;
    if (!failures || index < 0) return undefined;
    const failure = failures[index] as SimulatedFailure;
    if (failure.count <= 1) failures.splice(index, 1);
    else failures[index] = { ...failure, count: failure.count - 1 };
    return failure;
  }

  clear(token?: string): void {
    if (token === undefined) this.byToken.clear();
    else this.byToken.delete(token);
  }
}
