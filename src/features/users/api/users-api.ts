import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-error';
import { getApiClient } from '../../../lib/api-client';
import { itemEnvelope, listEnvelope, type ListPage } from '../../../lib/api-schemas';

// Formats (the user_ prefix, e-mail syntax, ISO timestamps) are checked where they are shown, not
// here: one odd value should not hide a whole page of users behind a contract error.
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  created_at: z.string(),
});

export const userDetailSchema = userSchema.extend({
  profile: z.object({
    bio: z.string(),
    location: z.string(),
    avatar_url: z.string(),
  }),
});

export type User = z.infer<typeof userSchema>;
export type UserDetail = z.infer<typeof userDetailSchema>;

/** The list item's fields in the API's order: the CSV export's header. */
export const userFields = [
  'id',
  'name',
  'email',
  'created_at',
] as const satisfies readonly (keyof User)[];

export const userSortValues = ['name', '-name', 'created_at', '-created_at'] as const;
/** A leading '-' sorts descending. */
export type UserSort = (typeof userSortValues)[number];

export type UsersListParams = { page: number; limit: number; sort?: UserSort | undefined };

const usersPageSchema = listEnvelope(userSchema);
const userLookupSchema = itemEnvelope(userDetailSchema);

const all = ['users'] as const;

export const usersKeys = {
  all,
  lists: () => [...all, 'list'] as const,
  list: (params: UsersListParams) => [...usersKeys.lists(), params] as const,
  /** Pages the CSV export reads: apart from the table's, which they must not replace. */
  exportPage: (params: UsersListParams) => [...all, 'export', params] as const,
  details: () => [...all, 'detail'] as const,
  detail: (id: string) => [...usersKeys.details(), id] as const,
};

export function fetchUsers(params: UsersListParams, signal?: AbortSignal): Promise<ListPage<User>> {
  const { page, limit, sort } = params;
  return getApiClient().get('/v1/users', {
    query: { page, limit, sort },
    schema: usersPageSchema,
    signal,
  });
}

export async function fetchUser(id: string, signal?: AbortSignal): Promise<UserDetail> {
  if (id === '.' || id === '..') {
    // URL normalisation turns these into "parent folder", so the API cannot even be asked; no
    // user can have such an id, so answer as the API would.
    throw new ApiError({
      kind: 'http',
      status: 404,
      code: 'not_found',
      message: `No user has the ID "${id}".`,
      method: 'GET',
      url: `${getApiClient().baseUrl}/v1/users/${id}`,
    });
  }
  const body = await getApiClient().get(`/v1/users/${encodeURIComponent(id)}`, {
    schema: userLookupSchema,
    signal,
  });
  return body.data;
}

export function usersListQueryOptions(params: UsersListParams) {
  return queryOptions({
    queryKey: usersKeys.list(params),
    queryFn: ({ signal }) => fetchUsers(params, signal),
    // Keeps the current page on screen while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function userDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: usersKeys.detail(id),
    queryFn: ({ signal }) => fetchUser(id, signal),
  });
}

/**
 * One page for the CSV export, through the query client so that a 401 ends the session as it does
 * everywhere. The export waits out 429s itself (with a countdown), so the library does not retry;
 * and it reads each page once, so nothing is kept.
 */
export function usersExportPageQueryOptions(params: UsersListParams) {
  return queryOptions({
    queryKey: usersKeys.exportPage(params),
    queryFn: ({ signal }) => fetchUsers(params, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
