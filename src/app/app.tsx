import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { SessionProvider } from '../features/auth/session-context';
import type { SessionStore } from '../features/auth/session-store';
import { EnvironmentProvider, type AppEnvironment } from './environment';

interface AppProps {
  environment: AppEnvironment;
  sessionStore: SessionStore;
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
}

export function App({ environment, sessionStore, queryClient, router }: AppProps) {
  return (
    <EnvironmentProvider environment={environment}>
      <SessionProvider store={sessionStore}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </SessionProvider>
    </EnvironmentProvider>
  );
}
