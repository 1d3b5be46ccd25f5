// Reaches what the Users page reaches: see find-route.tsx.
import './users-route';
import { BulkPage } from '../../features/users/find/bulk-page';
import { useEnvironment } from '../environment';

export function Component() {
  const { apiBaseUrl } = useEnvironment();
  return <BulkPage apiBaseUrl={apiBaseUrl} />;
}
