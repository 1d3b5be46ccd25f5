import type { QueryClient } from '@tanstack/react-query';
import { apiClientFor } from '../../../lib/api-client';
import { isApiError, statusText } from '../../../lib/api-error';
import { cancellableFetchQuery } from '../../../lib/cancellable-fetch-query';
import { shouldRetry } from '../../../lib/query-client';
import { userDetailQueryOptions, type UserDetail } from '../api/users-api';
import { createEmailLookup } from './bulk-emails';
import type { BulkEntry } from './bulk-input';
import { findUsers } from './find-users';
import { runPool } from './lookup-pool';

/**
 * Look up many's runs, outside React: every entry looked up (an id by its page, an e-mail as
 * bulk-emails.ts reads them, a name as Find searches it), at most 4 at a time, each answer handed
 * on as it comes. A run belongs to the person signed in when it started and stops should another
 * sign in.
 */

export interface Found {
  id: string;
  name: string;
  email: string;
}

export type RowState =
  | { kind: 'waiting' }
  | { kind: 'found'; user: Found }
  | { kind: 'not-found' }
  /** A name, searched as Find does: how many matched (the one user when one did). */
  | { kind: 'matches'; count: number; truncated: boolean; user?: Found | undefined }
  | { kind: 'failed'; reason: string };

export interface Row {
  entry: BulkEntry;
  state: RowState;
}

export interface BulkRunOptions {
  queryClient: QueryClient;
  apiBaseUrl: string;
  entries: readonly BulkEntry[];
  /** Cancel, or leaving the page. */
  controller: AbortController;
  onAnswer: (index: number, state: RowState) => void;
  onConcurrency: (concurrency: number) => void;
}

export async function runBulkLookup(options: BulkRunOptions): Promise<void> {
  const { queryClient, apiBaseUrl, entries, controller } = options;
  // The job belongs to the person signed in when it started: should another sign in (in another
  // tab, say) before this page is gone, it stops rather than look their list up for them.
  const api = apiClientFor(queryClient);
  const generation = api.sessionGeneration();
  const emails = createEmailLookup(
    queryClient,
    apiBaseUrl,
    entries.flatMap(({ query }) => (query.kind === 'email' ? [query.text] : [])),
  );
  await runPool({
    items: entries,
    signal: controller.signal,
    run: (entry, signal) => {
      if (api.sessionGeneration() !== generation) controller.abort();
      signal.throwIfAborted();
      return lookUp(queryClient, apiBaseUrl, emails, entry, signal);
    },
    onResult: (index, outcome) =>
      options.onAnswer(
        index,
        outcome.ok ? outcome.value : { kind: 'failed', reason: describeFailure(outcome.error) },
      ),
    onConcurrency: options.onConcurrency,
  });
}

/** A 429 is the pool's to wait out (it slows down for everyone); other retries as usual. */
function retryUnlessRateLimited(failureCount: number, error: unknown): boolean {
  return !(isApiError(error) && error.status === 429) && shouldRetry(failureCount, error);
}

async function lookUp(
  queryClient: QueryClient,
  apiBaseUrl: string,
  emails: ReturnType<typeof createEmailLookup>,
  entry: BulkEntry,
  signal: AbortSignal,
): Promise<RowState> {
  const { query } = entry;
  if (query.kind === 'invalid') return { kind: 'failed', reason: query.problem };
  if (query.kind === 'name') {
    const outcome = await findUsers({
      queryClient,
      baseUrl: apiBaseUrl,
      mode: 'name',
      text: query.text,
      signal,
      onProgress: () => undefined,
    });
    if (outcome.kind === 'unsorted') {
      return { kind: 'failed', reason: 'The API did not sort by name: search it in Find' };
    }
    if (outcome.kind === 'cancelled') return { kind: 'failed', reason: 'Cancelled' };
    const [only] = outcome.matches;
    return {
      kind: 'matches',
      count: outcome.matches.length,
      truncated: outcome.truncated,
      user: outcome.matches.length === 1 && only ? only : undefined,
    };
  }
  if (query.kind === 'email') {
    // One reading of the list for all the addresses, where it has to be read (bulk-emails.ts).
    const user = await emails(query.text, signal);
    return user ? { kind: 'found', user } : { kind: 'not-found' };
  }
  try {
    // Cancelled with the job: a bare fetchQuery would go on, retries and all, after it stopped.
    const { data: user }: { data: UserDetail } = await cancellableFetchQuery(
      queryClient,
      { ...userDetailQueryOptions(query.id), retry: retryUnlessRateLimited },
      signal,
    );
    return { kind: 'found', user };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { kind: 'not-found' };
    throw error;
  }
}

export function describeFailure(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  const head =
    error.kind === 'http' ? `${error.status} ${statusText(error.status)}` : error.message;
  const detail = error.serverMessage ? `: ${error.serverMessage}` : '';
  return `${head}${detail}${error.requestId ? ` (${error.requestId})` : ''}`;
}
