import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefreshStatus } from './refresh-status';

const NOW = Date.parse('2026-01-15T10:00:00Z');

describe('RefreshStatus', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW }));
  afterEach(() => vi.useRealTimers());

  it('says how long ago the data arrived, and keeps counting', () => {
    const query = { dataUpdatedAt: NOW - 12_000, isFetching: false, refetch: vi.fn() };
    render(<RefreshStatus query={query} />);
    expect(screen.getByText(/^Updated/)).toHaveTextContent('Updated 12 seconds ago');
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText(/^Updated/)).toHaveTextContent('Updated 1 minute ago');
    expect(screen.getByRole('time')).toHaveAttribute('dateTime', '2026-01-15T09:59:48.000Z');
  });

  it('refetches on Refresh, holds back while fetching, and announces the new answer', () => {
    const refetch = vi.fn();
    const idle = { dataUpdatedAt: NOW - 5_000, isFetching: false, refetch };
    const { rerender } = render(<RefreshStatus query={idle} />);
    const button = screen.getByRole('button', { name: 'Refresh' });
    fireEvent.click(button);
    expect(refetch).toHaveBeenCalledOnce();

    rerender(<RefreshStatus query={{ ...idle, isFetching: true }} />);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Updating…')).toBeVisible();
    expect(screen.getByText('Refreshing')).toBeInTheDocument();
    fireEvent.click(button);
    expect(refetch).toHaveBeenCalledOnce();

    rerender(<RefreshStatus query={{ ...idle, dataUpdatedAt: NOW }} />);
    expect(button).toHaveAttribute('aria-disabled', 'false');
    expect(screen.getByText(/^Updated/)).toHaveTextContent('Updated just now');
    expect(screen.getByText('Refreshed')).toBeInTheDocument();
  });

  it('says nothing about an age before the first answer', () => {
    render(<RefreshStatus query={{ dataUpdatedAt: 0, isFetching: false, refetch: vi.fn() }} />);
    expect(screen.queryByText(/Updated/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeVisible();
  });
});
