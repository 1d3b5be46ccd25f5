import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DateTimeText } from '../components/data-table/cells';
import { formatDateTime } from './time';
import { initTimeZone } from './time-zone-storage';
import {
  deviceTimeZone,
  setTimeZoneChoice,
  timeZoneChoice,
  timeZoneInForce,
  useTimeZone,
} from './time-zone';

/** This device, as the tests pretend it is: in Los Angeles. */
function inLosAngeles() {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: 'America/Los_Angeles' };
  });
}

// As at start-up (main.tsx).
beforeAll(initTimeZone);
// Module state outlives a test (vite.config.ts: isolate false): every test ends in UTC.
afterEach(() => setTimeZoneChoice('utc'));

function Zone() {
  return <span data-testid="zone">{useTimeZone()}</span>;
}

describe('the time zone in force', () => {
  it('is UTC unless this device’s zone is chosen, and is remembered on the device', () => {
    inLosAngeles();
    expect(timeZoneInForce()).toBe('UTC');
    setTimeZoneChoice('device');
    expect(timeZoneInForce()).toBe('America/Los_Angeles');
    expect(localStorage.getItem('admin-console.time-zone')).toBe('device');
    setTimeZoneChoice('utc');
    expect(localStorage.getItem('admin-console.time-zone')).toBeNull();
    // The next visit reads it back at start-up.
    localStorage.setItem('admin-console.time-zone', 'device');
    initTimeZone();
    expect(timeZoneChoice()).toBe('device');
  });

  it('follows a choice made in another tab', () => {
    inLosAngeles();
    render(<Zone />);
    expect(screen.getByTestId('zone')).toHaveTextContent('UTC');
    localStorage.setItem('admin-console.time-zone', 'device');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'admin-console.time-zone' }));
    });
    expect(screen.getByTestId('zone')).toHaveTextContent('America/Los_Angeles');
    expect(timeZoneChoice()).toBe('device');
  });

  it('stays in force for the visit where storage is denied', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    setTimeZoneChoice('device');
    expect(timeZoneChoice()).toBe('device');
  });

  it('falls back to UTC for a device whose zone the browser cannot use', () => {
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolved.call(this), timeZone: 'Etc/Nowhere' };
    });
    expect(deviceTimeZone()).toBeUndefined();
    setTimeZoneChoice('device');
    expect(timeZoneInForce()).toBe('UTC');
  });
});

describe('a time shown', () => {
  const LATE = '2022-09-22T06:11:00Z';

  it('is in the zone in force and names it; UTC (ISO 8601) stays in the markup and on hover', () => {
    inLosAngeles();
    render(<DateTimeText value={LATE} />);
    const time = screen.getByText(formatDateTime(Date.parse(LATE), 'UTC'));
    expect(time).toHaveTextContent(/22.*6:11.*UTC/);
    expect(time).toHaveAttribute('datetime', '2022-09-22T06:11:00.000Z');
    expect(time).toHaveAttribute('title', '2022-09-22T06:11:00.000Z (UTC)');
    act(() => setTimeZoneChoice('device'));
    // 11:11 PM the day before, in Pacific daylight time.
    expect(time).toHaveTextContent(/21.*11:11.*(PDT|GMT-7)/);
    expect(time).toHaveAttribute('datetime', '2022-09-22T06:11:00.000Z');
  });
});
