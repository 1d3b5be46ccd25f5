import type { QueryClient } from '@tanstack/react-query';
import { userDetailQueryOptions } from '../../features/users/api/users-api';
import { UserPage } from '../../features/users/user-page';
import { useEnvironment } from '../environment';
import { useRouteParams } from '../route-params';

export function Component() {
  const { id = '' } = useRouteParams();
  const { imageSources } = useEnvironment();
  // Keyed, so moving from one user to another starts from a clean page (avatar fallback included).
  return <UserPage key={id} id={id} imageSources={imageSources} />;
}

export function prefetch(queryClient: QueryClient, url: URL) {
  const segment = url.pathname.split('/')[2] ?? '';
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return; // A malformed id: the page explains it when it renders.
  }
  if (id !== '') void queryClient.prefetchQuery(userDetailQueryOptions(id));
}
