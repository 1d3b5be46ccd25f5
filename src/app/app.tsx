import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { SessionProvider } from '../features/auth/session-context';
import type { SessionStore } from '../features/auth/session-store';
import { EnvironmentProvider, type AppEnvironment } from './environment';
import { AppRoutes } from './router';

interface AppProps {
  environment: AppEnvironment;
  sessionStore: SessionStore;
  queryClient: QueryClient;
}

export function App({ environment, sessionStore, queryClient }: AppProps) {
  return (
    <EnvironmentProvider environment={environment}>
      <SessionProvider store={sessionStore}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </SessionProvider>
    </EnvironmentProvider>
  );
}
