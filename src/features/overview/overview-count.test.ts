// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { setupMockApiClient, testQueryClient } from '../../test/api-test-server';
import { overviewStore, runOverview } from './overview-count';

const BASE = 'https://api.test';
const { api, token } = setupMockApiClient({ users: 1000, products: 500 });

describe('runOverview', () => {
  it('counts everything, and Try again after a 5xx goes on to finish the chart', async () => {
    api.scenarios.apply(token(), { fail: { path: '/v1/users', status: 503, count: 1 } });
    const queryClient = testQueryClient();
    const store = overviewStore(BASE);
    await runOverview({ queryClient, baseUrl: BASE, categories: ['Books'] });
    expect(store.getSnapshot().signUps.state).toBe('failed');
    expect(store.getSnapshot().prices.state).toBe('done');
    await runOverview({ queryClient, baseUrl: BASE, categories: ['Books'] });
    const state = store.getSnapshot();
    expect(state.signUps).toMatchObject({ state: 'done' });
    expect(state.users).toEqual({ state: 'done', value: 1000 });
    if (state.signUps.state === 'done') {
      expect(state.signUps.value.bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(1000);
    }
  });
});
