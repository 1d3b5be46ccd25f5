import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { ApiError } from '../../../lib/api-error';
import { apiClientFor, type ApiClient } from '../../../lib/api-client';
import {
  itemEnvelope,
  listEnvelope,
  withRawBody,
  type ListPage,
  type WithRawBody,
} from '../../../lib/api-schemas';

// Formats (the user_ prefix, e-mail syntax, ISO timestamps) are checked where they are shown, not
// here: one odd value should not hide a whole page of users behind a contract error.
export const userSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  created_at: v.string(),
});

export const userDetailSchema = v.object({
  ...userSchema.entries,
  profile: v.object({
    bio: v.string(),
    location: v.string(),
    avatar_url: v.string(),
  }),
});

export type User = v.InferOutput<typeof userSchema>;
export type UserDetail = v.InferOutput<typeof userDetailSchema>;
/** A lookup's user as read, and its body as the API sent it (for Raw JSON and Copy JSON). */
export type UserLookup = WithRawBody<UserDetail>;

/** The item's fields in the API's order: the CSV export's header. */
export const userFields = [
  'id',
  'name',
  'email',
  'created_at',
] as const satisfies readonly (keyof User)[];

/** Said when a users CSV is written: its times are the API's, whatever zone the console shows. */
export const USERS_CSV_NOTE =
  'Its created_at times are UTC (ISO 8601), as the API sends them, whatever time zone the console shows.';

export const userSortValues = ['name', '-name', 'created_at', '-created_at'] as const;
/** A leading '-' sorts descending. */
export type UserSort = (typeof userSortValues)[number];

export type UsersListParams = { page: number; limit: number; sort?: UserSort | undefined };

/**
 * What Find sorts by. `email` is not in the spec's examples: Find asks once whether the API takes
 * it (a 400 says no) and reads the list in its own order if not.
 */
export type UsersSearchSort = 'name' | 'email';
export type UsersSearchPageParams = {
  page: number;
  limit: number;
  sort?: UsersSearchSort | undefined;
};

const usersPageSchema = listEnvelope(userSchema);
const userLookupSchema = withRawBody(itemEnvelope(userDetailSchema));

const all = ['users'] as const;

export const usersKeys = {
  all,
  lists: () => [...all, 'list'] as const,
  list: (params: UsersListParams) => [...usersKeys.lists(), params] as const,
  /** Pages the CSV export reads: apart from the table's, which they must not replace. */
  exportPage: (params: UsersListParams) => [...all, 'export', params] as const,
  /** Pages Find reads, shared between searches for a minute (a longer name reuses them). */
  searchPage: (params: UsersSearchPageParams) => [...all, 'search-page', params] as const,
  /**
   * A whole Find search (its pages are searchPage or exportPage queries); a search by day names
   * the time zone its days are in.
   */
  find: (mode: string, text: string, timeZone?: string) =>
    [...all, 'find', mode, text, timeZone ?? null] as const,
  details: () => [...all, 'detail'] as const,
  detail: (id: string) => [...usersKeys.details(), id] as const,
};

export function fetchUsers(
  api: ApiClient,
  params: UsersListParams | UsersSearchPageParams,
  signal?: AbortSignal,
  prefetch = false,
): Promise<ListPage<User>> {
  const { page, limit, sort } = params;
  return api.get('/v1/users', {
    query: { page, limit, sort },
    schema: usersPageSchema,
    signal,
    prefetch,
  });
}

export async function fetchUser(
  api: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<UserLookup> {
  if (id === '.' || id === '..') {
    // URL normalisation turns these into "parent folder", so the API cannot even be asked; no
    // user can have such an id, so answer as the API would.
    throw new ApiError({
      kind: 'http',
      status: 404,
      code: 'not_found',
      message: `No user has the ID "${id}".`,
      method: 'GET',
      url: `${api.baseUrl}/v1/users/${id}`,
    });
  }
  const { data: body, raw } = await api.get(`/v1/users/${encodeURIComponent(id)}`, {
    schema: userLookupSchema,
    signal,
  });
  return { data: body.data, raw };
}

/** `prefetch`: fetched ahead of need (the next page), which demo mode tells its mock. */
export function usersListQueryOptions(params: UsersListParams, { prefetch = false } = {}) {
  // Not in the key: a prefetch asks for the same data, it is only marked differently.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: usersKeys.list(params),
    queryFn: ({ client, signal }) => fetchUsers(apiClientFor(client), params, signal, prefetch),
    // Keeps the current page on screen while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function userDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: usersKeys.detail(id),
    queryFn: ({ client, signal }) => fetchUser(apiClientFor(client), id, signal),
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
    queryFn: ({ client, signal }) => fetchUsers(apiClientFor(client), params, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * One page for Find. The library's retries apply (a 429 waits as asked, a 5xx is tried twice
 * more), and a page stays a minute, so a search that narrows the last one reads fewer pages.
 */
export function usersSearchPageQueryOptions(params: UsersSearchPageParams) {
  return queryOptions({
    queryKey: usersKeys.searchPage(params),
    queryFn: ({ client, signal }) => fetchUsers(apiClientFor(client), params, signal),
    staleTime: 60_000,
    gcTime: 60_000,
  });
}
