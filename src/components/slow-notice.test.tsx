import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, setApiClient } from '../lib/api-client';
import { SlowNotice } from './slow-notice';

describe('SlowNotice', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    setApiClient(null);
  });

  it('says the API is slow after 10 s of waiting, and when the console gives up', () => {
    const { rerender } = render(<SlowNotice active what="users" />);
    act(() => vi.advanceTimersByTime(9_999));
    expect(screen.queryByText(/slow to answer/)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(
      screen.getByText(
        /The API is slow to answer… still waiting for users\. The console gives up after 30 s\./,
      ),
    ).toBeVisible();

    rerender(<SlowNotice active={false} what="users" />);
    expect(screen.queryByText(/slow to answer/)).toBeNull();
  });

  it('speaks up at half a short deadline', () => {
    setApiClient(
      createApiClient({ baseUrl: 'https://api.test', getToken: () => 't', timeoutMs: 4_000 }),
    );
    render(<SlowNotice active what="the account" />);
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByText(/gives up after 4 s/)).toBeVisible();
  });
});
