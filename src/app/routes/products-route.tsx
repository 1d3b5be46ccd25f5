import { ProductsListPage } from '../../features/products/products-list-page';

export function Component() {
  return <ProductsListPage />;
}
