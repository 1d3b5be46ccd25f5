// @vitest-environment node
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDataset, SEARCH_PRODUCTS } from '../../mocks/data';
import { setupApiTestServer, testQueryClient } from '../../test/api-test-server';
import type { Product } from './api/products-api';
import { lookUpProducts } from './product-search';
import { rememberProducts, seenProduct } from './seen-products';

const BASE = 'https://api.example.com';
const server = setupApiTestServer(BASE);
const catalogue = createDataset({ users: 1, products: 5_000 }).products;
const [torch] = SEARCH_PRODUCTS as [Product, Product];
/** On page 1, on page 48 (the torch) and on the last page, 50. */
const early = catalogue[10] as Product;
const last = catalogue[4_990] as Product;

let requests: URLSearchParams[];

beforeEach(() => {
  requests = [];
  server.use(
    http.get(`${BASE}/v1/products`, async ({ request }) => {
      const search = new URL(request.url).searchParams;
      requests.push(search);
      const page = Number(search.get('page') ?? 1);
      const limit = Number(search.get('limit') ?? 50);
      await delay(1);
      return HttpResponse.json({
        data: catalogue.slice((page - 1) * limit, page * limit),
        meta: { total: catalogue.length, page, limit },
      });
    }),
  );
});

const live = () => new AbortController().signal;
const pagesAsked = () => requests.map((search) => Number(search.get('page')));

describe('lookUpProducts', () => {
  it('finds ids on early and late pages with one reading of the whole list, and remembers them', async () => {
    const ids = [last.id, early.id, torch.id];
    const queryClient = testQueryClient();
    const byId = await lookUpProducts({ queryClient, ids, signal: live() });
    expect(ids.map((id) => byId.get(id))).toEqual([
      { kind: 'found', product: last },
      { kind: 'found', product: early },
      { kind: 'found', product: torch },
    ]);
    // One reading: each page once, unfiltered, at the largest page.
    expect(new Set(pagesAsked()).size).toBe(requests.length);
    expect(requests.length).toBeLessThanOrEqual(50);
    expect(requests.every((search) => [...search.keys()].sort().join() === 'limit,page')).toBe(
      true,
    );
    expect(seenProduct(queryClient, last.id)).toEqual(last);
    expect(seenProduct(queryClient, torch.id)).toEqual(torch);
  });

  it('stops as soon as all are found, not at the end', async () => {
    const progress: number[] = [];
    const second = catalogue[150] as Product;
    const byId = await lookUpProducts({
      queryClient: testQueryClient(),
      ids: [second.id, early.id],
      signal: live(),
      onProgress: ({ rows, total }) => {
        expect(total === undefined || total === 5_000).toBe(true);
        progress.push(rows);
      },
    });
    expect(byId.get(second.id)?.kind).toBe('found');
    // Page 2 holds the second; the pool's others in flight beside it may come, no more.
    expect(requests.length).toBeLessThanOrEqual(2 + 3);
    expect(progress).toContain(200);
  });

  it('reads to the end for an id no product has: not found, the others found', async () => {
    const byId = await lookUpProducts({
      queryClient: testQueryClient(),
      ids: [torch.id, 'prod_gone'],
      signal: live(),
    });
    expect(byId.get('prod_gone')).toEqual({ kind: 'not-found' });
    expect(byId.get(torch.id)).toEqual({ kind: 'found', product: torch });
    expect(requests).toHaveLength(50);
    expect([...pagesAsked()].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });

  it('stopped by the bound on requests: unfinished, saying which bound and how far it read', async () => {
    const byId = await lookUpProducts({
      queryClient: testQueryClient(),
      ids: [early.id, last.id, 'prod_gone'],
      signal: live(),
      maxRequests: 20,
    });
    expect(requests).toHaveLength(20);
    expect(byId.get(early.id)?.kind).toBe('found');
    const unfinished = { kind: 'unfinished', bound: 'cap', rows: 2_000, total: 5_000 };
    expect(byId.get(last.id)).toEqual(unfinished);
    expect(byId.get('prod_gone')).toEqual(unfinished);
  });

  it('cancelled: what was found stays found, the rest cancelled, and nothing more is asked', async () => {
    const cancel = new AbortController();
    const byId = await lookUpProducts({
      queryClient: testQueryClient(),
      ids: [early.id, last.id],
      signal: cancel.signal,
      onProgress: ({ rows }) => {
        if (rows >= 500) cancel.abort();
      },
    });
    expect(byId.get(early.id)?.kind).toBe('found');
    expect(byId.get(last.id)).toEqual({ kind: 'cancelled' });
    const asked = requests.length;
    expect(asked).toBeLessThan(12);
    await delay(30);
    expect(requests.length).toBe(asked);
  });

  it('takes what the in-tab index holds with no request, and reads only for the rest', async () => {
    const queryClient = testQueryClient();
    rememberProducts(queryClient, [torch, early]);
    const indexed = await lookUpProducts({
      queryClient,
      ids: [torch.id, early.id],
      signal: live(),
    });
    expect(requests).toHaveLength(0);
    expect(indexed.get(torch.id)).toEqual({ kind: 'found', product: torch });
    expect(indexed.get(early.id)).toEqual({ kind: 'found', product: early });

    // Only what the index lacks is read for: the torch's page 48 is not waited for.
    const mixed = await lookUpProducts({
      queryClient,
      ids: [torch.id, early.id, catalogue[150]?.id ?? ''],
      signal: live(),
    });
    expect(mixed.get(torch.id)).toEqual({ kind: 'found', product: torch });
    expect(mixed.get(catalogue[150]?.id ?? '')).toMatchObject({ kind: 'found' });
    expect(requests.length).toBeLessThanOrEqual(2 + 3);
  });
});
