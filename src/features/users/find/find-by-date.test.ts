// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { setupMockApiClient, testQueryClient } from '../../../test/api-test-server';
import { dayAt, isoDayOf } from '../../../lib/zone-calendar';
import { findUsers } from './find-users';

/**
 * A day searched is the day shown: against the mock's users, a day in a zone lists exactly those
 * whose sign-up falls on that day in that zone, the day the table then shows for each.
 */

const { api } = setupMockApiClient({ users: 1000, products: 10 });

function search(text: string, timeZone: string) {
  return findUsers({
    queryClient: testQueryClient(),
    baseUrl: 'https://api.test',
    mode: 'date',
    text,
    timeZone,
    signal: new AbortController().signal,
    onProgress: () => {},
  });
}

/** The ids of the users created on `day` in `zone`, read from the mock's own table. */
function createdOn(day: string, zone: string): string[] {
  const users = api.db.users.toArray();
  return users
    .filter((user) => isoDayOf(dayAt(zone, Date.parse(user.created_at))) === day)
    .map((user) => user.id)
    .sort();
}

describe('a search by day in a time zone', () => {
  it.each([
    // 2024-02-29T23:59:59Z: the last second of February in UTC, 1 March in Auckland.
    ['2024-02-29', 'UTC', 'user_hostile', true],
    ['2024-02-29', 'Pacific/Auckland', 'user_hostile', false],
    ['2024-03-01', 'Pacific/Auckland', 'user_hostile', true],
    ['2024-02-29', 'America/Los_Angeles', 'user_hostile', true],
    // 2023-04-01T12:00:00Z: the next morning in Auckland.
    ['2023-04-01', 'Pacific/Auckland', 'user_csv_sum', false],
    ['2023-04-02', 'Pacific/Auckland', 'user_csv_sum', true],
  ])('%s in %s lists %s: %s', async (day, zone, id, listed) => {
    const outcome = await search(day, zone);
    expect(outcome.kind).toBe('found');
    if (outcome.kind !== 'found') return;
    const ids = outcome.matches.map((user) => user.id).sort();
    expect(ids.includes(id)).toBe(listed);
    expect(ids).toEqual(createdOn(day, zone));
  });

  it('lists for any day exactly the users shown on that day, in UTC and far from it', async () => {
    const users = api.db.users.toArray();
    // Days with sign-ups near midnight UTC, where the zones disagree.
    const nearMidnight = users
      .map((user) => Date.parse(user.created_at))
      .filter((ms) => ms % 86_400_000 < 3 * 3_600_000 || ms % 86_400_000 > 21 * 3_600_000)
      .slice(0, 3);
    for (const at of nearMidnight) {
      for (const zone of ['UTC', 'America/Los_Angeles', 'Pacific/Auckland']) {
        const day = isoDayOf(dayAt(zone, at));
        const outcome = await search(day, zone);
        expect(outcome.kind === 'found' && outcome.matches.map((user) => user.id).sort()).toEqual(
          createdOn(day, zone),
        );
      }
    }
  });
});
