import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { lazyComponent } from '../components/lazy-component';
import { Page } from './page';
import { SignedInLayout } from './require-session';
import { routeModules, type RouteKey } from './route-modules';

/** A page's route module's `Component`, rendered at once if start-up has already loaded it. */
function lazyRoute(key: RouteKey) {
  return lazyComponent(routeModules[key], (module) => module.Component);
}

const LoginRoute = lazyRoute('login');
const OverviewRoute = lazyRoute('overview');
const UsersRoute = lazyRoute('users');
const UserRoute = lazyRoute('user');
const FindRoute = lazyRoute('find');
const BulkRoute = lazyRoute('bulk');
const ProductsRoute = lazyRoute('products');
const AccountRoute = lazyRoute('account');
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
        <Route path="overview" element={<OverviewRoute />} />
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
