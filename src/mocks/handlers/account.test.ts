// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mintDemoToken } from '../jwt.ts';
import { createTestServer } from '../node.ts';
import { fetchApi, expectError } from '../test-support.ts';

const { server, api } = createTestServer({ users: 10, products: 10 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.reset());
afterAll(() => server.close());

describe('GET /v3/account', () => {
  it('describes the token holder as a nested object', async () => {
    const token = await mintDemoToken('valid');
    const response = await fetchApi('/v3/account', token);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Record<string, unknown> };
    expect(data).toMatchObject({
      id: expect.stringMatching(/^acct_[a-z0-9]+$/),
      email: 'admin@demo.example',
      name: 'Demo Admin',
      role: 'admin',
      scopes: ['users:read', 'products:read', 'account:read'],
      plan: { name: 'Business', seats: 25, renews_at: expect.stringMatching(/Z$/) },
      limits: { requests_per_minute: 600 },
      flags: { beta: true, mfa_enabled: false },
      last_login_ip: null,
      api_keys: expect.arrayContaining([
        expect.objectContaining({
          id: expect.any(String),
          label: expect.any(String),
          last_used_at: null,
        }),
      ]),
      notes: expect.any(String),
    });
    expect((data.notes as string).length).toBeGreaterThan(300);
  });

  it('is forbidden to a token without account:read', async () => {
    const token = await mintDemoToken('no-account');
    await expectError(
      await fetchApi('/v3/account', token),
      403,
      'forbidden',
      'Token lacks the account:read scope',
    );
  });
});
