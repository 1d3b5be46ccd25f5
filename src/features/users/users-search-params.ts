import type { SortingState } from '@tanstack/react-table';
import {
  parseLimitParam,
  parsePageParam,
  writePageParams,
} from '../../components/data-table/page-params';
import { userSortValues, type UserSort, type UsersListParams } from './api/users-api';

/**
 * The users list's URL, read in one place: `page`, `limit` and `sort` (the API's own values, e.g.
 * `sort=-created_at`). Anything malformed or unknown is normalised away, and `corrected` says the
 * URL should be rewritten to the canonical form.
 */
export function parseUsersSearch(search: URLSearchParams): {
  params: UsersListParams;
  corrected: boolean;
} {
  const sort = search.get('sort');
  const params: UsersListParams = {
    page: parsePageParam(search.get('page')),
    limit: parseLimitParam(search.get('limit')),
    ...(isUserSort(sort) ? { sort } : {}),
  };
  return { params, corrected: serializeUsersSearch(params).toString() !== search.toString() };
}

/** Canonical form, defaults left out: `/users` is page 1 of 50, unsorted. */
export function serializeUsersSearch(params: UsersListParams): URLSearchParams {
  const search = new URLSearchParams();
  writePageParams(search, params);
  if (params.sort) search.set('sort', params.sort);
  return search;
}

function isUserSort(value: string | null): value is UserSort {
  return (userSortValues as readonly (string | null)[]).includes(value);
}

/** Column ids are the API's field names, so `-name` is the Name column, descending. */
export function sortToSorting(sort: UserSort | undefined): SortingState {
  if (!sort) return [];
  const desc = sort.startsWith('-');
  return [{ id: desc ? sort.slice(1) : sort, desc }];
}

export function sortingToSort(sorting: SortingState): UserSort | undefined {
  const [first] = sorting;
  if (!first) return undefined;
  const sort = `${first.desc ? '-' : ''}${first.id}`;
  return isUserSort(sort) ? sort : undefined;
}
