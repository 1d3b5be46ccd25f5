import { http, HttpResponse, type HttpHandler } from 'msw';
import { withRequestId, type MockContext } from '../api-route.ts';
import { avatarSvg } from '../avatars.ts';
import { bearerToken } from '../auth.ts';
import { DEMO_TOKEN_VARIANTS, isDemoTokenVariant, mintDemoToken, verifyJwt } from '../jwt.ts';
import { ApiProblem, integerParam, invalidParameter, singleParam } from '../http-utils.ts';
import type { ScenarioInput } from '../scenarios.ts';

const MAX_TTL_SECONDS = 24 * 60 * 60;

/**
 * Mock-only control endpoints, never part of the real API:
 * - `GET {base}/__demo/token?variant=valid|expired|users-only|no-account|short[&ttl=seconds]`
 *   → `{ "token": "<jwt>" }`, no auth needed.
 * - `POST {base}/__demo/scenario` with the caller's bearer token and a `ScenarioInput` JSON body
 *   → 204; the scenario then applies to that token's requests only.
 */
export function demoHandlers(context: MockContext): HttpHandler[] {
  return [
    // No auth: an <img> cannot send the bearer token.
    http.get('*/__demo/avatars/:file', ({ params }) => {
      const id = String(params.file).replace(/\.svg$/, '');
      const user = context.db.getUser(id);
      if (!user) return new HttpResponse(null, { status: 404 });
      return new HttpResponse(avatarSvg(id, user.name), {
        headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' },
      });
    }),
    http.get('*/__demo/token', ({ request }) =>
      withRequestId(async () => {
        const params = new URL(request.url).searchParams;
        const variant = singleParam(params, 'variant') ?? 'valid';
        if (!isDemoTokenVariant(variant)) {
          throw invalidParameter(`variant must be one of ${DEMO_TOKEN_VARIANTS.join(', ')}`);
        }
        const ttl = params.has('ttl')
          ? integerParam(params, 'ttl', { fallback: 0, min: 1, max: MAX_TTL_SECONDS })
          : undefined;
        const nowSeconds = Math.floor(context.now() / 1000);
        return HttpResponse.json({ token: await mintDemoToken(variant, nowSeconds, ttl) });
      })(),
    ),

    http.post('*/__demo/scenario', ({ request }) =>
      withRequestId(async () => {
        const token = bearerToken(request);
        // The signature must hold, since scenarios belong to the caller; exp is not checked, so a
        // test can still script a short-lived token after it has run out.
        const verified =
          token === undefined
            ? undefined
            : await verifyJwt(token, context.secret, Math.floor(context.now() / 1000));
        if (!token || !verified || (!verified.ok && verified.reason !== 'expired')) {
          throw new ApiProblem(
            401,
            'unauthorized',
            'A scenario needs a bearer token signed by this mock',
            {
              'WWW-Authenticate': 'Bearer realm="api"',
            },
          );
        }
        let body: unknown;
        try {
          body = await request.json();
        } catch {
          throw invalidParameter('Request body must be a JSON object');
        }
        context.scenarios.apply(token, body as ScenarioInput);
        return new HttpResponse(null, { status: 204 });
      })(),
    ),
  ];
}
