import { ListScan, type ListScanOptions, type ScanPage } from './list-scan';

/** A list and an API over it for the list scan's tests: pages answered in an order a test picks. */

export interface Row {
  id: string;
  value: number;
}

export const isMatch = (row: Row) => row.value % 3 === 0;

export const ids = (rows: readonly Row[]) => rows.map((row) => row.id);

/** `count` rows, `hitAt` tells which match (value 3; the rest 1). */
export function rowsOf(count: number, hitAt: (index: number) => boolean = () => false): Row[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `row_${index}`,
    value: hitAt(index) ? 3 : 1,
  }));
}

export interface FakeApiOptions {
  /** When each answer arrives (a fast-check scheduler, a delay); at once unless given. */
  schedule?: <T>(value: T, page: number) => Promise<T>;
  /** Every page after the first starts with the row that ended the page before. */
  repeatEdge?: boolean;
  /** The total the API claims, if not the list's length. */
  total?: number;
}

/** An API over `rows`, `pageSize` a page; `failOn`: that page fails once. */
export function fakeApi(rows: readonly Row[], pageSize: number, options: FakeApiOptions = {}) {
  const api = {
    asked: [] as number[],
    failOn: undefined as number | undefined,
    requests: () => api.asked.length,
    readPage: async (page: number, signal?: AbortSignal): Promise<ScanPage<Row>> => {
      api.asked.push(page);
      if (api.failOn === page) {
        api.failOn = undefined;
        throw new Error(`page ${page} failed`);
      }
      const start = (page - 1) * pageSize;
      const data = rows.slice(start, start + pageSize);
      if (options.repeatEdge && page > 1 && start < rows.length) {
        data.unshift(rows[start - 1] as Row);
      }
      const answer = { data, meta: { total: options.total ?? rows.length } };
      const arrived = await (options.schedule ? options.schedule(answer, page) : answer);
      signal?.throwIfAborted();
      return arrived;
    },
  };
  return api;
}

/** A scan over `api`: no bounds worth the name unless the test sets them. */
export function scanOf(
  api: ReturnType<typeof fakeApi>,
  pageSize: number,
  options: Partial<ListScanOptions<Row>> = {},
): ListScan<Row> {
  return new ListScan<Row>({
    readPage: api.readPage,
    pageSize,
    idOf: (row) => row.id,
    isMatch,
    maxMatches: 1_000_000,
    maxRequests: 1_000_000,
    requests: api.requests,
    ...options,
  });
}

export const live = () => new AbortController().signal;
