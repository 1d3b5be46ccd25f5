import { createBrowserRouter, Navigate } from 'react-router';
import { NotFoundPage } from './not-found';
import { PageLoading } from './page-loading';
import { SignedInLayout } from './require-session';
import { RouteError } from './route-error';

/** Route code is split so the sign-in page does not download the tables. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      path: '/login',
      lazy: () => import('./routes/login-route'),
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoading />,
    },
    {
      element: <SignedInLayout />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        {
          // Inside the shell, so a page that fails leaves the navigation usable.
          errorElement: <RouteError />,
          children: [
            { index: true, element: <Navigate to="/users" replace /> },
            { path: 'users', lazy: () => import('./routes/users-route') },
            { path: 'users/:id', lazy: () => import('./routes/user-route') },
            { path: 'products', lazy: () => import('./routes/products-route') },
            { path: 'account', lazy: () => import('./routes/account-route') },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}
