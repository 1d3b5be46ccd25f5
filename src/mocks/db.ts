import { createDataset, type DatasetOptions, type Product, type User } from './data.ts';
import { byCodeUnits, type UserSummary, type UserTable } from './user-table.ts';

export type { UserSummary };

/** What `/v1/users?sort=` accepts by default; each field also sorts descending as `-field`. */
export const USER_SORT_FIELDS = ['name', 'created_at', 'email'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export type UserSort = UserSortField | `-${UserSortField}`;

/**
 * How `sort=name` orders names, so the console can be tried against APIs that collate differently:
 * `locale` is a case- and accent-blind English collation (the default), `code-unit` plain UTF-16
 * comparison, `lower` UTF-16 comparison of the lower-cased names, and `unsorted` a broken API that
 * accepts the parameter and ignores it.
 */
export const NAME_ORDERS = ['locale', 'code-unit', 'lower', 'unsorted'] as const;
export type NameOrder = (typeof NAME_ORDERS)[number];
type SortedNameOrder = Exclude<NameOrder, 'unsorted'>;

const NAME_COMPARATORS: Record<SortedNameOrder, (a: string, b: string) => number> = {
  locale: new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare,
  'code-unit': byCodeUnits,
  lower: (a, b) => byCodeUnits(a.toLowerCase(), b.toLowerCase()),
};

/** A cached ascending order, as positions in the table; descending ones are its reverse. */
type OrderKey = `name:${SortedNameOrder}` | 'created_at' | 'email';

export interface PageRequest {
  page: number;
  limit: number;
}

export interface Page<T> {
  data: T[];
  meta: { total: number; page: number; limit: number };
}

export interface ProductFilter {
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  /** `mills`: prices a thousandth lower, as an API with three decimals (see scenarios.ts). */
  prices?: 'cents' | 'mills';
}

/** 20 → 19.999: the generated price, a thousandth lower, rounded to the thousandth. */
export function millsPrice(price: number): number {
  return Math.round(price * 1000 - 1) / 1000;
}

// Paging through one filtered view must not rescan 100k products per page, but filters are
// user-typed, so the cache stays small and drops its oldest entry first.
const FILTER_CACHE_SIZE = 32;

/** The `page` of `total` items; `itemAt` takes a position in the order being paged through. */
function pageOf<R>(total: number, { page, limit }: PageRequest, itemAt: (position: number) => R) {
  const data: R[] = [];
  const end = Math.min(total, page * limit);
  for (let i = (page - 1) * limit; i < end; i += 1) data.push(itemAt(i));
  return { data, meta: { total, page, limit } };
}

/**
 * Read-only queries over a generated dataset. Sort orders are built on first use and cached, so a
 * request only slices; descending orders are the exact reverse of ascending ones (ties by id), which
 * keeps paging consistent whichever way the table is sorted.
 */
export class MockDb {
  readonly users: UserTable;
  readonly products: readonly Product[];
  private readonly userOrders = new Map<OrderKey, Uint32Array>();
  private productsByCategory: Map<string, Product[]> | undefined;
  private readonly filterCache = new Map<string, Product[]>();

  constructor(options: DatasetOptions = {}) {
    const { users, products } = createDataset(options);
    this.users = users;
    this.products = products;
  }

  /**
   * Builds the default orders (and the product index) now instead of on first use, for hosts such
   * as the standalone server where a slow first request would skew measurements. Other name orders
   * are what a scenario asks for, so they wait for it.
   */
  prepare(): void {
    for (const field of USER_SORT_FIELDS) this.usersSortedBy(field, 'locale');
    this.productsIn('');
  }

  getUser(id: string): User | undefined {
    const index = this.users.indexOf(id);
    return index === undefined ? undefined : this.users.userAt(index);
  }

  listUsers(request: PageRequest & { sort?: UserSort; nameOrder?: NameOrder }): Page<UserSummary> {
    const { sort, nameOrder = 'locale' } = request;
    const { users } = this;
    const descending = sort?.startsWith('-') ?? false;
    const field = (descending ? sort?.slice(1) : sort) as UserSortField | undefined;
    // A broken API that ignores the sort ignores its direction too.
    if (!field || (field === 'name' && nameOrder === 'unsorted')) {
      return pageOf(users.length, request, (position) => users.summaryAt(position));
    }
    const order = this.usersSortedBy(field, nameOrder as SortedNameOrder);
    const last = order.length - 1;
    return pageOf(order.length, request, (position) =>
      users.summaryAt(order[descending ? last - position : position] as number),
    );
  }

  listProducts(request: PageRequest & ProductFilter): Page<Product> {
    const products = this.filterProducts(request);
    const mills = request.prices === 'mills';
    return pageOf(products.length, request, (position) => {
      const product = products[position] as Product;
      return mills ? { ...product, price: millsPrice(product.price) } : product;
    });
  }

  private usersSortedBy(field: UserSortField, nameOrder: SortedNameOrder): Uint32Array {
    const key: OrderKey = field === 'name' ? `name:${nameOrder}` : field;
    let order = this.userOrders.get(key);
    if (!order) {
      if (field === 'name') order = this.users.orderByName(NAME_COMPARATORS[nameOrder]);
      else if (field === 'created_at') order = this.users.orderByCreatedAt();
      else order = this.users.orderByEmail();
      this.userOrders.set(key, order);
    }
    return order;
  }

  private filterProducts({
    category,
    minPrice,
    maxPrice,
    prices,
  }: ProductFilter): readonly Product[] {
    const base = category === undefined ? this.products : this.productsIn(category);
    if (minPrice === undefined && maxPrice === undefined) return base;
    const priceOf = prices === 'mills' ? millsPrice : (price: number) => price;
    const cacheKey = JSON.stringify([category, minPrice, maxPrice, prices === 'mills']);
    const cached = this.filterCache.get(cacheKey);
    if (cached) return cached;
    const low = minPrice ?? -Infinity;
    const high = maxPrice ?? Infinity;
    const filtered = base.filter((product) => {
      const price = priceOf(product.price);
      return price >= low && price <= high;
    });
    if (this.filterCache.size >= FILTER_CACHE_SIZE) {
      const oldest = this.filterCache.keys().next().value;
      if (oldest !== undefined) this.filterCache.delete(oldest);
    }
    this.filterCache.set(cacheKey, filtered);
    return filtered;
  }

  private productsIn(category: string): readonly Product[] {
    if (!this.productsByCategory) {
      this.productsByCategory = new Map();
      for (const product of this.products) {
        const list = this.productsByCategory.get(product.category);
        if (list) list.push(product);
        else this.productsByCategory.set(product.category, [product]);
      }
    }
    return this.productsByCategory.get(category) ?? [];
  }
}
