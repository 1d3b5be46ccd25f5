import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

/**
 * A request the test answers when it likes, recording each call and the signal it was given, as
 * the API client does with the signal (it aborts its fetch with it).
 */
function slowRequests() {
  const calls: AbortSignal[] = [];
  const answers: Array<(value: string) => void> = [];
  const queryFn = ({ signal }: { signal: AbortSignal }) => {
    calls.push(signal);
    return new Promise<string>((resolve, reject) => {
      answers.push(resolve);
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  };
  return { calls, queryFn, answer: (value: string) => answers.at(-1)?.(value) };
}

function Page({ queryFn }: { queryFn: (context: { signal: AbortSignal }) => Promise<string> }) {
  const { data } = useQuery({ queryKey: ['users', 1], queryFn });
  return <p>{data ?? 'Loading'}</p>;
}

function renderStrict(client: QueryClient, queryFn: ReturnType<typeof slowRequests>['queryFn']) {
  return render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <Page queryFn={queryFn} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createQueryClient under StrictMode (npm run demo)', () => {
  it('sends a page’s first request once, though StrictMode mounts the page twice', async () => {
    const client = createQueryClient();
    const requests = slowRequests();
    renderStrict(client, requests.queryFn);
    await nextTask();

    expect(requests.calls).toHaveLength(1);
    expect(requests.calls[0]?.aborted).toBe(false);
    requests.answer('Ada');
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(requests.calls).toHaveLength(1);
  });

  it('keeps the start-up prefetch still in flight when the page mounts, rather than repeating it', async () => {
    const client = createQueryClient();
    const requests = slowRequests();
    void client.prefetchQuery({ queryKey: ['users', 1], queryFn: requests.queryFn });
    renderStrict(client, requests.queryFn);
    await nextTask();

    expect(requests.calls).toHaveLength(1);
    expect(requests.calls[0]?.aborted).toBe(false);
    requests.answer('Ada');
    expect(await screen.findByText('Ada')).toBeInTheDocument();
  });

  it('still cancels the request when the page really goes away', async () => {
    const client = createQueryClient();
    const requests = slowRequests();
    const { unmount } = renderStrict(client, requests.queryFn);
    await nextTask();
    unmount();

    await waitFor(() => expect(requests.calls[0]?.aborted).toBe(true));
    const query = client.getQueryCache().find({ queryKey: ['users', 1] });
    expect(query?.state).toMatchObject({ fetchStatus: 'idle', status: 'pending' });
  });

  it('aborts the request on an explicit cancel while the page shows it', async () => {
    const client = createQueryClient();
    const requests = slowRequests();
    renderStrict(client, requests.queryFn);
    await nextTask();

    await client.cancelQueries({ queryKey: ['users', 1] });

    expect(requests.calls[0]?.aborted).toBe(true);
  });

  it('lets a request whose function never reads the signal finish after the page goes, as TanStack does', async () => {
    const client = createQueryClient();
    let answer: (value: string) => void = () => undefined;
    const queryFn = () => new Promise<string>((resolve) => (answer = resolve));
    const { unmount } = renderStrict(client, queryFn);
    await nextTask();
    unmount();
    await nextTask();
    answer('Ada');

    await waitFor(() => expect(client.getQueryData(['users', 1])).toBe('Ada'));
  });
});
