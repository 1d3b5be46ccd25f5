import { http, type HttpHandler } from 'msw';
import { withRequestId } from '../api-route.ts';
import { ApiProblem } from '../http-utils.ts';

/**
 * Unknown paths under the API's version segments get the spec's 404 body instead of falling through
 * to the network (in the browser that would be the dev server's index.html). Register last.
 */
export function notFoundHandlers(): HttpHandler[] {
  return ['*/v1/*', '*/v3/*', '*/__demo/*'].map((pattern) =>
    http.all(pattern, ({ request }) =>
      withRequestId(async () => {
        const { pathname } = new URL(request.url);
        throw new ApiProblem(404, 'not_found', `No route for ${request.method} ${pathname}`);
      })(),
    ),
  );
}
