import type { HttpHandler } from 'msw';
import { apiGet, type MockContext } from '../api-route.ts';
import { servedAvatarUrl } from '../avatars.ts';
import { USER_SORT_FIELDS, type UserSort, type UserSortField } from '../db.ts';
import { ApiProblem, invalidParameter, pageParams, singleParam } from '../http-utils.ts';

/** `accepted` is the caller's scenario, listed back in the default order when refused. */
function sortParam(
  params: URLSearchParams,
  accepted: readonly UserSortField[],
): UserSort | undefined {
  const sort = singleParam(params, 'sort');
  if (sort === undefined) return undefined;
  const field = sort.startsWith('-') ? sort.slice(1) : sort;
  if ((accepted as readonly string[]).includes(field)) return sort as UserSort;
  const allowed = USER_SORT_FIELDS.filter((known) => accepted.includes(known));
  throw invalidParameter(
    allowed.length === 0
      ? 'sort is not supported'
      : `sort must be one of ${allowed.flatMap((known) => [known, `-${known}`]).join(', ')}`,
  );
}

/** A role for each user, the same every time: one in 50 an admin, one in 10 support. */
export function roleOf(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 1_000_003;
  return hash % 50 === 0 ? 'admin' : hash % 10 === 0 ? 'support' : 'member';
}

export function userHandlers(context: MockContext): HttpHandler[] {
  return [
    apiGet(context, { path: '/v1/users', scope: 'users:read', kind: 'list' }, ({ url, token }) => {
      const { sorts, nameOrder, claimedTotal, repeatEdgeRow } =
        context.scenarios.usersBehaviourFor(token);
      const { page, limit } = pageParams(url.searchParams);
      const request = { page, limit, sort: sortParam(url.searchParams, sorts), nameOrder };
      const answer = context.db.listUsers(request);
      // The page before's last row, first again (see scenarios.ts, repeatEdgeRow).
      const edge =
        repeatEdgeRow && page > 1 && answer.data.length > 0
          ? context.db.listUsers({ ...request, page: (page - 1) * limit, limit: 1 }).data
          : [];
      return {
        data: [...edge, ...answer.data],
        meta: { ...answer.meta, total: claimedTotal ?? answer.meta.total },
      };
    }),
    apiGet(
      context,
      { path: '/v1/users/:id', scope: 'users:read', kind: 'detail' },
      ({ params, url, token }) => {
        const id = String(params.id);
        const user = context.db.getUser(id);
        if (!user) throw new ApiProblem(404, 'not_found', `User ${id} not found`);
        const apiBase = url.origin + url.pathname.slice(0, url.pathname.lastIndexOf('/v1/users/'));
        const avatarUrl = servedAvatarUrl(user.profile.avatar_url, apiBase);
        const { profile, ...fields } = user;
        // `role` is not in the spec: a field the console does not know, as a real API grows them.
        return {
          data: {
            ...fields,
            role: roleOf(user.id),
            profile: { ...profile, avatar_url: avatarUrl },
            ...context.scenarios.userFieldsFor(token),
          },
        };
      },
    ),
  ];
}
