import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setTimeZoneChoice, timeZoneChoice, timeZoneChoiceLabel } from '../lib/time-zone';
import { TimeZoneMenu } from './time-zone-menu';

afterEach(() => setTimeZoneChoice('utc'));

describe('the header’s Time zone', () => {
  it('shows the zone in force, and its menu offers UTC or this device’s zone, the one in force checked', async () => {
    const user = userEvent.setup();
    render(<TimeZoneMenu />);
    const button = screen.getByRole('button', { name: 'Time zone: UTC' });
    button.focus();
    await user.keyboard('{Enter}');
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(['UTC', timeZoneChoiceLabel('device')]);
    expect(items[0]).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(items[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}');
    expect(timeZoneChoice()).toBe('device');
    await waitFor(() => expect(button).toHaveFocus());
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
