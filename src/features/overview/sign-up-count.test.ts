// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { setupMockApiClient, testQueryClient } from '../../test/api-test-server';
import { dayAt, isoDayOf } from '../../lib/zone-calendar';
import { overviewStore, runOverview } from './overview-count';
import { countSignUps, signUpCounter } from './sign-up-count';

const { api } = setupMockApiClient({ users: 1000, products: 20 });

/** Users per month in `zone`, from the mock's own table. */
function monthsIn(zone: string): Map<string, number> {
  const months = new Map<string, number>();
  for (const user of api.db.users.toArray()) {
    const month = isoDayOf(dayAt(zone, Date.parse(user.created_at))).slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + 1);
  }
  return months;
}

describe('sign-ups per month in a time zone', () => {
  it('counts the zone’s months, and counts again when the zone changes', async () => {
    const baseUrl = 'https://api.test/zones';
    const queryClient = testQueryClient();
    const store = overviewStore(queryClient, baseUrl);
    for (const timeZone of ['UTC', 'Pacific/Auckland', 'America/Los_Angeles']) {
      await runOverview({ queryClient, baseUrl, categories: [], timeZone });
      const { signUps } = store.getSnapshot();
      expect(signUps.state).toBe('done');
      if (signUps.state !== 'done') return;
      expect(signUps.value.zone).toBe(timeZone);
      const shown = new Map(signUps.value.bars.map((bar) => [bar.label, bar.count]));
      const expected = monthsIn(timeZone);
      for (const [month, count] of shown) expect(count, month).toBe(expected.get(month) ?? 0);
      expect([...shown.values()].reduce((sum, count) => sum + count, 0)).toBe(1000);
      // user_hostile signed up at 23:59:59 UTC on 2024-02-29: in Auckland that is March.
      const bar = signUps.value.bars.find((one) => one.label === '2024-02');
      expect(bar?.to).toBe('/users/find?q=2024-02-01..2024-02-29');
    }
    expect(monthsIn('Pacific/Auckland')).not.toEqual(monthsIn('UTC'));
  });
});

describe('sign-ups far apart', () => {
  /** A list sorted by sign-up date, read a page at a time. */
  function counterOver(dates: readonly string[]) {
    const rows = dates.map((created_at, index) => ({ id: `user_${index}`, created_at }));
    return () =>
      signUpCounter(
        async (page) => ({
          data: rows.slice((page - 1) * 100, page * 100),
          meta: { total: rows.length, page, limit: 100 },
        }),
        async (tasks) => {
          await Promise.all(tasks.map((task) => task()));
        },
      );
  }
  const ordinary = Array.from({ length: 998 }, (_, index) =>
    new Date(Date.UTC(2022, 0, 1) + index * 86_400_000 * 1.5).toISOString(),
  );

  it('counts a user dated 0001-01-01 and one 9999-12-31 in bars before and after the months', async () => {
    const dates = ['0001-01-01T00:00:00Z', ...ordinary, '9999-12-31T00:00:00Z'];
    let users = 0;
    const signUps = await countSignUps({ counter: undefined }, counterOver(dates), 'UTC', (n) => {
      users = n;
    });
    expect(users).toBe(1000);
    expect(signUps.unit).toBe('month');
    expect(signUps.bars.length).toBeLessThan(60);
    expect(signUps.bars[0]).toMatchObject({ label: 'Before 2022-01', count: 1 });
    expect(signUps.bars.at(-1)).toMatchObject({ count: 1, outside: 'after' });
    expect(signUps.bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(1000);
  });

  it('counts dates at the ends of what a Date holds, and in year 30000, without NaN', async () => {
    const dates = ['-271821-04-20T00:00:00Z', ...ordinary, '+030000-01-01T00:00:00Z'];
    const signUps = await countSignUps(
      { counter: undefined },
      counterOver(dates),
      'America/Los_Angeles',
      () => {},
    );
    expect(signUps.bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(1000);
    expect(signUps.bars.some((bar) => /NaN/.test(bar.label) || Number.isNaN(bar.count))).toBe(
      false,
    );
    const atTheEnds = await countSignUps(
      { counter: undefined },
      counterOver(['-271821-04-20T00:00:00Z', '+275760-09-13T00:00:00Z']),
      'UTC',
      () => {},
    );
    expect(atTheEnds.bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(2);
  });
});
