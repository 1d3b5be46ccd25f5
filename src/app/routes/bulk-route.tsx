// Reaches what the Users page reaches: see find-route.tsx.
import './users-route';
import { BulkPage } from '../../features/users/find/bulk-page';
import type { LoadProductLookup } from '../../features/users/find/bulk-products';
import { useEnvironment } from '../environment';

/** Products are the products feature's: loaded with the first paste that holds a product id. */
const loadProductLookup: LoadProductLookup = (queryClient) =>
  import('../product-lookup').then((module) => module.productLookup(queryClient));

export function Component() {
  const { apiBaseUrl } = useEnvironment();
  return <BulkPage apiBaseUrl={apiBaseUrl} loadProductLookup={loadProductLookup} />;
}
