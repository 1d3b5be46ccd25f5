import { describe, expect, it } from 'vitest';
import { filterMatches, NO_FILTER } from './match-filters';

const user = (id: string, created_at: string) => ({
  id,
  name: id,
  email: `${id}@example.org`,
  created_at,
});
// 06:11 UTC on the 22nd is 23:11 on the 21st in Los Angeles.
const matches = [
  user('late', '2022-09-22T06:11:00Z'),
  user('noon', '2022-09-22T12:00:00Z'),
  user('odd', 'not a time'),
];

describe('filterMatches', () => {
  it('narrows by the days of the zone in force, as the table shows them', () => {
    const on22nd = { ...NO_FILTER, from: '2022-09-22', to: '2022-09-22' };
    const ids = (zone: string) => filterMatches(matches, on22nd, zone).map((match) => match.id);
    expect(ids('UTC')).toEqual(['late', 'noon']);
    expect(ids('America/Los_Angeles')).toEqual(['noon']);
    const on21st = { ...NO_FILTER, to: '2022-09-21' };
    expect(filterMatches(matches, on21st, 'America/Los_Angeles').map((m) => m.id)).toEqual([
      'late',
    ]);
  });

  it('keeps every match, unreadable dates too, with no filter; by e-mail alone likewise', () => {
    expect(filterMatches(matches, NO_FILTER, 'UTC')).toBe(matches);
    expect(filterMatches(matches, { ...NO_FILTER, email: 'ODD@' }, 'UTC')).toHaveLength(1);
  });
});
