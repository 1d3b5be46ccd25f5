import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from './not-found';
import { Page } from './page';
import { SignedInLayout } from './require-session';

/** Route modules export `Component`; each is a chunk of its own. */
function lazyRoute(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(() => load().then((module) => ({ default: module.Component })));
}

// Split per route so the sign-in page does not download the tables.
const LoginRoute = lazyRoute(() => import('./routes/login-route'));
const UsersRoute = lazyRoute(() => import('./routes/users-route'));
const UserRoute = lazyRoute(() => import('./routes/user-route'));
const ProductsRoute = lazyRoute(() => import('./routes/products-route'));
const AccountRoute = lazyRoute(() => import('./routes/account-route'));

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
        <Route path="users/:id" element={<UserRoute />} />
        <Route path="products" element={<ProductsRoute />} />
        <Route path="account" element={<AccountRoute />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
