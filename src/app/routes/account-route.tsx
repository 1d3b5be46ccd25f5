import type { QueryClient } from '@tanstack/react-query';
import { accountQueryOptions } from '../../features/account/api/account-api';
import { AccountPage } from '../../features/account/account-page';

export function Component() {
  return <AccountPage />;
}

export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(accountQueryOptions());
}
