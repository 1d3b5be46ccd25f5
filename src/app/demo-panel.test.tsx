import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../features/auth/session-store';
import { SessionProvider } from '../features/auth/session-context';
import { scenarioInputSchema, ScenarioStore } from '../mocks/scenarios';
import { DemoPanel, FAILURE_DRILL } from './demo-panel';
import type { DemoControls } from './environment';

function token(): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'presenter', exp: Date.now() / 1000 + 3600 })}.c2ln`;
}

describe('DemoPanel: Failure drill', () => {
  it('queues the drill with the mock and says what comes', async () => {
    const store = createSessionStore({
      apiBaseUrl: 'https://demo.invalid',
      channel: null,
      eventTarget: null,
    });
    store.signIn(token(), false);
    const demo: DemoControls = {
      categories: [],
      mintToken: () => '',
      setScenario: vi.fn(() => Promise.resolve()),
    } as unknown as DemoControls;
    render(
      <SessionProvider store={store}>
        <DemoPanel demo={demo} />
      </SessionProvider>,
    );
    await userEvent.click(screen.getByText('Demo scenarios'));
    await userEvent.click(screen.getByRole('button', { name: 'Failure drill' }));
    expect(demo.setScenario).toHaveBeenCalledWith(expect.any(String), { fail: FAILURE_DRILL });
    expect(await screen.findByText(/Failure drill queued/)).toBeVisible();
  });

  it('makes the mock answer 500 for every automatic try, then 429, then 401, on any path', () => {
    const scenarios = new ScenarioStore();
    scenarios.apply('t', v.parse(scenarioInputSchema, { fail: FAILURE_DRILL }));
    const answers = ['/v1/users', '/v1/users', '/v1/users', '/v3/account', '/v1/products'].map(
      (path) => scenarios.takeFailure('t', path),
    );
    expect(answers.map((failure) => failure?.status)).toEqual([500, 500, 500, 429, 401]);
    expect(answers[3]?.retryAfter).toBe(5);
    expect(scenarios.takeFailure('t', '/v1/users')).toBeUndefined();
  });
});
