// @vitest-environment node
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mintDemoToken } from './jwt.ts';
import { createMockApi } from './mock-api.ts';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

describe('createMockApi', () => {
  it('serves the same data for the same seed, and other data for another', async () => {
    const token = await mintDemoToken('valid');
    const firstPage = async (seed: number) => {
      const api = createMockApi({ users: 100, products: 100, seed });
      const request = new Request('https://api.test/v1/users?sort=name', {
        headers: { Authorization: `Bearer ${token}` },
      });
      return (await getResponse(api.handlers, request))?.json();
    };
    expect(await firstPage(5)).toEqual(await firstPage(5));
    expect(await firstPage(5)).not.toEqual(await firstPage(6));
  });

  it('builds 100,000 users and products quickly and answers each request in milliseconds', async () => {
    // CPU time, not wall time: npm test runs other checks beside the unit tests.
    const cpuBefore = process.cpuUsage();
    const api = createMockApi({ users: 100_000, products: 100_000 });
    const cpu = process.cpuUsage(cpuBefore);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(3000);

    const token = await mintDemoToken('valid');
    const headers = { Authorization: `Bearer ${token}` };
    const urls = [
      '/v1/users?page=1000&limit=100',
      '/v1/users?sort=name&page=500',
      '/v1/users?sort=-created_at&page=20',
      '/v1/users/user_longtext',
      '/v1/products?category=Toys%20%26%20Games&page=10',
      '/v1/products?min_price=10&max_price=250.5&page=3',
      '/v3/account',
    ].map((path) => `https://api.test${path}`);
    // The first sorted or filtered request builds and caches its index; measure what follows.
    for (const url of urls) await getResponse(api.handlers, new Request(url, { headers }));

    const times: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (const url of urls) {
        const started = performance.now();
        const response = await getResponse(api.handlers, new Request(url, { headers }));
        await response?.arrayBuffer();
        times.push(performance.now() - started);
        expect(response?.status).toBe(200);
      }
    }
    expect(median(times)).toBeLessThan(25);
  });
});
