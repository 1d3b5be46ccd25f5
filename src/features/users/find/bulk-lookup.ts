import type { QueryClient } from '@tanstack/react-query';
import { apiClientFor } from '../../../lib/api-client';
import { isApiError, statusText } from '../../../lib/api-error';
import { formatCount } from '../../../lib/format';
import { cancellableFetchQuery } from '../../../lib/cancellable-fetch-query';
import { userDetailQueryOptions, type UserDetail } from '../api/users-api';
import { createEmailLookup, PAGE_SIZE, type EmailLookup } from './bulk-emails';
import type { BulkEntry } from './bulk-input';
import type {
  FoundProduct,
  LoadProductLookup,
  ProductAnswer,
  ProductsProgress,
} from './bulk-products';
import { findUsers } from './find-users';
import { retryExceptRateLimit } from '../../../lib/pool/pool-retry';
import { runPool } from '../../../lib/pool/request-pool';

/**
 * Look up many's runs, outside React: every entry looked up (an id by its page, an e-mail as
 * bulk-emails.ts reads them, a name as Find searches it), at most 4 at a time, each answer handed
 * on as it comes. A run belongs to the person signed in when it started and stops should another
 * sign in; Go on reading is a run of its own over the unfinished addresses.
 */

export interface Found {
  id: string;
  name: string;
  email: string;
  /** As the API sent it; in the export, where support sorts who signed up when. */
  created_at?: string;
}

export type RowState =
  | { kind: 'waiting' }
  | { kind: 'found'; user: Found }
  /** A product id or link (bulk-products.ts). */
  | { kind: 'product'; product: FoundProduct }
  | { kind: 'not-found' }
  /** A name, searched as Find does: how many matched (the one user when one did). */
  | { kind: 'matches'; count: number; truncated: boolean; user?: Found | undefined }
  /** An address not in the `rows` first users of `total`, where one go of reading stopped. */
  | { kind: 'unfinished'; rows: number; total: number }
  | { kind: 'failed'; reason: string };

export interface Row {
  entry: BulkEntry;
  state: RowState;
}

export interface BulkRunOptions {
  queryClient: QueryClient;
  apiBaseUrl: string;
  /** The entries to look up: the whole list, or (Go on reading) the unfinished ones. */
  entries: readonly BulkEntry[];
  /** Go on reading: the list's first rows already read for these addresses (goOnFrom). */
  readRows?: number | undefined;
  /** Cancel, or leaving the page. */
  controller: AbortController;
  onAnswer: (index: number, state: RowState) => void;
  onConcurrency: (concurrency: number) => void;
  /** How to look products up, when the entries hold product ids. */
  loadProductLookup?: LoadProductLookup | undefined;
  /** The product list's reading, while it goes on. */
  onProductsProgress?: ((progress: ProductsProgress) => void) | undefined;
}

export async function runBulkLookup(options: BulkRunOptions): Promise<void> {
  const { queryClient, apiBaseUrl, entries, controller } = options;
  // The job belongs to the person signed in when it started: should another sign in (in another
  // tab, say) before this page is gone, it stops rather than look their list up for them.
  const api = apiClientFor(queryClient);
  const generation = api.sessionGeneration();
  const emails = createEmailLookup({
    queryClient,
    baseUrl: apiBaseUrl,
    addresses: entries.flatMap(({ query }) => (query.kind === 'email' ? [query.text] : [])),
    fromPage:
      options.readRows === undefined ? undefined : Math.floor(options.readRows / PAGE_SIZE) + 1,
  });
  const products: { index: number; id: string }[] = [];
  const people: number[] = [];
  entries.forEach(({ query }, index) =>
    query.kind === 'product' ? products.push({ index, id: query.id }) : people.push(index),
  );
  await runPool({
    items: people,
    signal: controller.signal,
    run: (index, signal) => {
      if (api.sessionGeneration() !== generation) controller.abort();
      signal.throwIfAborted();
      return lookUp(queryClient, apiBaseUrl, emails, entries[index] as BulkEntry, signal);
    },
    onResult: (at, outcome) =>
      options.onAnswer(
        people[at] as number,
        outcome.ok ? outcome.value : { kind: 'failed', reason: describeFailure(outcome.error) },
      ),
    onConcurrency: options.onConcurrency,
  });
  // The products after the people: one reading of their list, within the same 4 requests at a time.
  if (products.length === 0 || controller.signal.aborted) return;
  if (api.sessionGeneration() !== generation) {
    controller.abort();
    return;
  }
  let answers: ReadonlyMap<string, ProductAnswer>;
  try {
    if (!options.loadProductLookup) throw new Error('Products cannot be looked up here');
    const lookUpProducts = await options.loadProductLookup(queryClient);
    answers = await lookUpProducts(
      products.map(({ id }) => id),
      {
        signal: controller.signal,
        onProgress: (progress) => options.onProductsProgress?.(progress),
      },
    );
  } catch (error) {
    const failed: RowState = { kind: 'failed', reason: describeFailure(error) };
    for (const { index } of products) options.onAnswer(index, failed);
    return;
  }
  for (const { index, id } of products) options.onAnswer(index, productRowState(answers.get(id)));
}

/** A product's answer as its row says it. */
function productRowState(answer: ProductAnswer | undefined): RowState {
  switch (answer?.kind) {
    case 'found':
      return { kind: 'product', product: answer.product };
    case 'not-found':
      return { kind: 'not-found' };
    case 'unfinished':
      return {
        kind: 'failed',
        reason: `Not in the first ${formatCount(answer.rows)} of ${formatCount(answer.total)} products read: the reading stopped at its bound (Find product on the Products page reads on)`,
      };
    case 'cancelled':
      return { kind: 'failed', reason: 'Cancelled' };
    case undefined:
      return { kind: 'failed', reason: 'The product lookup gave no answer for this id' };
  }
}

/**
 * Go on reading: the unfinished addresses, and the rows to read on from. The fewest rows any of
 * them was read to: an address read further is read again there, never skipped.
 */
export function goOnFrom(rows: readonly Row[]): {
  entries: BulkEntry[];
  indexes: number[];
  readRows: number;
} {
  const unfinished = rows.flatMap(({ entry, state }, index) =>
    state.kind === 'unfinished' ? [{ entry, index, rows: state.rows }] : [],
  );
  return {
    entries: unfinished.map(({ entry }) => entry),
    indexes: unfinished.map(({ index }) => index),
    readRows: Math.min(...unfinished.map(({ rows }) => rows)),
  };
}

async function lookUp(
  queryClient: QueryClient,
  apiBaseUrl: string,
  emails: EmailLookup,
  entry: BulkEntry,
  signal: AbortSignal,
): Promise<RowState> {
  const { query } = entry;
  if (query.kind === 'invalid') return { kind: 'failed', reason: query.problem };
  if (query.kind === 'product') throw new Error('A product is looked up with the others');
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
    const answer = await emails(query.text, signal);
    switch (answer.kind) {
      case 'found':
        return { kind: 'found', user: answer.user };
      case 'unfinished':
        return { kind: 'unfinished', rows: answer.rows, total: answer.total };
      case 'cancelled':
        return { kind: 'failed', reason: 'Cancelled' };
      case 'not-found':
        return { kind: 'not-found' };
    }
  }
  try {
    // Cancelled with the job: a bare fetchQuery would go on, retries and all, after it stopped.
    const { data: user }: { data: UserDetail } = await cancellableFetchQuery(
      queryClient,
      { ...userDetailQueryOptions(query.id), retry: retryExceptRateLimit(queryClient) },
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
