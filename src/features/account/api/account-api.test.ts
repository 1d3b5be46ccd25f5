// @vitest-environment node
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { testQueryClient, setupApiTestServer } from '../../../test/api-test-server';
import { accountKeys, accountQueryOptions } from './account-api';

const BASE = 'https://api.example.com';
const server = setupApiTestServer(BASE);

const queryClient = testQueryClient;

describe('accountQueryOptions', () => {
  it('uses a key under the account root', () => {
    expect(accountKeys.all).toEqual(['account']);
    expect(accountQueryOptions().queryKey).toEqual(['account', 'detail']);
  });

  it('reads /v3/account and returns whatever JSON it holds', async () => {
    const body = { data: { plan: 'pro', seats: [1, 2] }, anything: null };
    server.use(http.get(`${BASE}/v3/account`, () => HttpResponse.json(body)));

    await expect(queryClient().fetchQuery(accountQueryOptions())).resolves.toEqual(body);
  });

  it('still refuses a body that is not JSON', async () => {
    server.use(http.get(`${BASE}/v3/account`, () => HttpResponse.text('ok')));

    await expect(queryClient().fetchQuery(accountQueryOptions())).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });
});
