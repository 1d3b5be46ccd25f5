import type { HttpHandler } from 'msw';
import { apiGet, type MockContext } from '../api-route.ts';
import { servedAvatarUrl } from '../avatars.ts';
import { USER_SORTS, type UserSort } from '../db.ts';
import { ApiProblem, invalidParameter, pageParams, singleParam } from '../http-utils.ts';

function sortParam(params: URLSearchParams): UserSort | undefined {
  const sort = singleParam(params, 'sort');
  if (sort === undefined || (USER_SORTS as readonly string[]).includes(sort)) {
    return sort as UserSort | undefined;
  }
  throw invalidParameter(`sort must be one of ${USER_SORTS.join(', ')}`);
}

export function userHandlers(context: MockContext): HttpHandler[] {
  return [
    apiGet(context, { path: '/v1/users', scope: 'users:read', kind: 'list' }, ({ url }) =>
      context.db.listUsers({ ...pageParams(url.searchParams), sort: sortParam(url.searchParams) }),
    ),
    apiGet(
      context,
      { path: '/v1/users/:id', scope: 'users:read', kind: 'detail' },
      ({ params, url }) => {
        const id = String(params.id);
        const user = context.db.getUser(id);
        if (!user) throw new ApiProblem(404, 'not_found', `User ${id} not found`);
        const apiBase = url.origin + url.pathname.slice(0, url.pathname.lastIndexOf('/v1/users/'));
        const avatarUrl = servedAvatarUrl(user.profile.avatar_url, apiBase);
        return { data: { ...user, profile: { ...user.profile, avatar_url: avatarUrl } } };
      },
    ),
  ];
}
