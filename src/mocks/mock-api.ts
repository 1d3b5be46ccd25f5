import type { HttpHandler } from 'msw';
import type { MockContext } from './api-route.ts';
import type { TrustedIssuer } from './auth.ts';
import type { Catalogue } from './data.ts';
import { MockDb } from './db.ts';
import { DEMO_SIGNING_SECRET } from './jwt.ts';
import { accountHandlers } from './handlers/account.ts';
import { demoHandlers } from './handlers/demo.ts';
import { notFoundHandlers } from './handlers/not-found.ts';
import { productHandlers } from './handlers/products.ts';
import { userHandlers } from './handlers/users.ts';
import { createRateLimiter, DEFAULT_RATE_LIMIT, type RateLimitSettings } from './rate-limiter.ts';
import { ScenarioStore } from './scenarios.ts';

export interface CreateMockApiOptions {
  users?: number;
  products?: number;
  seed?: number;
  /** See DatasetOptions (data.ts). */
  catalogue?: Catalogue;
  rateLimit?: RateLimitSettings;
  /** Epoch milliseconds; tests inject a clock to expire tokens and slide the rate-limit window. */
  now?: () => number;
  /** See MockApi.trust. */
  trustedIssuer?: TrustedIssuer;
}

export interface MockApi {
  /** The same handlers serve the browser worker, msw/node and the standalone server. */
  handlers: HttpHandler[];
  db: MockDb;
  scenarios: ScenarioStore;
  /** Forgets scenarios and rate-limit counts; the (read-only) data stays. */
  reset(): void;
  /**
   * Accepts, besides the API's own HS256 tokens, the signed JWTs and opaque tokens of `issuer`
   * (src/mocks/trusted-issuer.ts); `undefined` trusts none again. A server whose provider starts
   * after it (and learns the API's URL from it) is told so here.
   */
  trust(issuer: TrustedIssuer | undefined): void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createMockApi(options: CreateMockApiOptions = {}): MockApi {
  const now = options.now ?? Date.now;
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  const context: MockContext = {
    // Anchored to the current UTC day so the demo's dates look recent yet stay the same all day.
    db: new MockDb({
      users: options.users ?? 1000,
      products: options.products ?? 5000,
      seed: options.seed ?? 42,
      catalogue: options.catalogue ?? 'even',
      anchor: Math.floor(now() / DAY_MS) * DAY_MS,
    }),
    scenarios: new ScenarioStore(),
    rateLimiter: createRateLimiter(rateLimit, now),
    rateLimit,
    secret: DEMO_SIGNING_SECRET,
    trustedIssuer: options.trustedIssuer,
    now,
  };
  return {
    handlers: [
      ...userHandlers(context),
      ...productHandlers(context),
      ...accountHandlers(context),
      ...demoHandlers(context),
      ...notFoundHandlers(),
    ],
    db: context.db,
    scenarios: context.scenarios,
    reset() {
      context.scenarios.clear();
      context.rateLimiter.reset();
    },
    trust(issuer) {
      context.trustedIssuer = issuer;
    },
  };
}
