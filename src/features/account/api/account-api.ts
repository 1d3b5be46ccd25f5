import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiClientFor, type ApiClient } from '../../../lib/api-client';

// The spec leaves the account response undescribed, so any JSON is accepted and shown as it is.
// The client still refuses a body that is not JSON at all.
export const accountSchema = v.unknown();

export type Account = v.InferOutput<typeof accountSchema>;

const all = ['account'] as const;

export const accountKeys = {
  all,
  detail: () => [...all, 'detail'] as const,
};

export function fetchAccount(api: ApiClient, signal?: AbortSignal): Promise<Account> {
  return api.get('/v3/account', { schema: accountSchema, signal });
}

export function accountQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.detail(),
    queryFn: ({ client, signal }) => fetchAccount(apiClientFor(client), signal),
  });
}
