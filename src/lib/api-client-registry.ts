import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './api-client-types';

/**
 * The client of the API profile a query client belongs to (each profile has its own query client;
 * profile-runtime.ts binds them). A query function reads it from its context's `client`, so a
 * request started under one profile is made, and retried, with that profile's client even when
 * another profile is current by then.
 */
const boundClients = new WeakMap<QueryClient, ApiClient>();

export function bindApiClient(queryClient: QueryClient, client: ApiClient): void {
  boundClients.set(queryClient, client);
}

/** The client bound to `queryClient`; an unbound one (a test's) uses the one set with setApiClient. */
export function apiClientFor(queryClient: QueryClient): ApiClient {
  return boundClients.get(queryClient) ?? getApiClient();
}

/**
 * The current profile's client, for what names the API (a ticket, a log file, the slow notice).
 * Requests go through apiClientFor, never through this.
 */
export const apiClientRef: { current: ApiClient | null } = { current: null };

export function setApiClient(client: ApiClient | null): void {
  apiClientRef.current = client;
}

export function getApiClient(): ApiClient {
  if (apiClientRef.current === null) {
    throw new Error('The API client is not configured: call setApiClient() at start-up.');
  }
  return apiClientRef.current;
}
