import type { QueryClient } from '@tanstack/react-query';
import { usersListQueryOptions } from '../../features/users/api/users-api';
import { UsersListPage } from '../../features/users/users-list-page';
import { parseUsersSearch } from '../../features/users/users-search-params';

export function Component() {
  return <UsersListPage />;
}

export function prefetch(queryClient: QueryClient, url: URL) {
  const { params } = parseUsersSearch(url.searchParams);
  void queryClient.prefetchQuery(usersListQueryOptions(params));
}
