import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Page } from './page';
import { SignedInLayout } from './require-session';
import { routeModules } from './route-modules';

/** Route modules export `Component`. */
function lazyRoute(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(() => load().then((module) => ({ default: module.Component })));
}

const LoginRoute = lazyRoute(routeModules.login);
const UsersRoute = lazyRoute(routeModules.users);
const UserRoute = lazyRoute(routeModules.user);
const FindRoute = lazyRoute(routeModules.find);
const BulkRoute = lazyRoute(routeModules.bulk);
const ProductsRoute = lazyRoute(routeModules.products);
const AccountRoute = lazyRoute(routeModules.account);
// Rarely seen: not in every page's first-render JavaScript.
const NotFoundPage = lazy(() =>
  import('./not-found').then((module) => ({ default: module.NotFoundPage })),
);

/**
 * The console's URLs (ui-contract §3). Declarative routes rather than a data router: nothing here
 * uses loaders or actions, and the data router would add about 17 KB gzipped to every page.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <Page>
            <LoginRoute />
          </Page>
        }
      />
      <Route element={<SignedInLayout />}>
        <Route index element={<Navigate to="/users" replace />} />
        <Route path="users" element={<UsersRoute />} />
        <Route path="users/find" element={<FindRoute />} />
        <Route path="users/bulk" element={<BulkRoute />} />
        <Route path="users/:id" element={<UserRoute />} />
        <Route path="products" element={<ProductsRoute />} />
        <Route path="account" element={<AccountRoute />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
