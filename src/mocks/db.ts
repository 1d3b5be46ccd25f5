import { createDataset, type DatasetOptions, type Product, type User } from './data.ts';

export type UserSummary = Omit<User, 'profile'>;

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

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const NAME_COMPARATORS: Record<SortedNameOrder, (a: string, b: string) => number> = {
  locale: new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare,
  'code-unit': byCodeUnits,
  lower: (a, b) => byCodeUnits(a.toLowerCase(), b.toLowerCase()),
};

/** A cached ascending order; descending ones are its reverse. */
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
}

// Paging through one filtered view must not rescan 100k products per page, but filters are
// user-typed, so the cache stays small and drops its oldest entry first.
const FILTER_CACHE_SIZE = 32;

/** `descending` pages through `items` from the end, so a descending order is the exact reverse. */
function pageOf<T, R>(
  items: ArrayLike<T>,
  { page, limit }: PageRequest,
  map: (item: T) => R,
  descending = false,
) {
  const data: R[] = [];
  const last = items.length - 1;
  const end = Math.min(items.length, page * limit);
  for (let i = (page - 1) * limit; i < end; i += 1) {
    data.push(map(items[descending ? last - i : i] as T));
  }
  return { data, meta: { total: items.length, page, limit } };
}

function byId(a: { id: string }, b: { id: string }): number {
  return byCodeUnits(a.id, b.id);
}

function summary({ id, name, email, created_at }: User): UserSummary {
  return { id, name, email, created_at };
}

/**
 * Read-only queries over a generated dataset. Sort orders are built on first use and cached, so a
 * request only slices; descending orders are the exact reverse of ascending ones (ties by id), which
 * keeps paging consistent whichever way the table is sorted.
 */
export class MockDb {
  readonly users: readonly User[];
  readonly products: readonly Product[];
  private readonly usersById: Map<string, User>;
  private readonly userOrders = new Map<OrderKey, readonly User[]>();
  private productsByCategory: Map<string, Product[]> | undefined;
  private readonly filterCache = new Map<string, Product[]>();

  constructor(options: DatasetOptions = {}) {
    const { users, products } = createDataset(options);
    this.users = users;
    this.products = products;
    this.usersById = new Map(users.map((user) => [user.id, user]));
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
    return this.usersById.get(id);
  }

  listUsers(request: PageRequest & { sort?: UserSort; nameOrder?: NameOrder }): Page<UserSummary> {
    const { sort, nameOrder = 'locale' } = request;
    const descending = sort?.startsWith('-') ?? false;
    const field = (descending ? sort?.slice(1) : sort) as UserSortField | undefined;
    // A broken API that ignores the sort ignores its direction too.
    if (!field || (field === 'name' && nameOrder === 'unsorted')) {
      return pageOf(this.users, request, summary);
    }
    const order = this.usersSortedBy(field, nameOrder as SortedNameOrder);
    return pageOf(order, request, summary, descending);
  }

  listProducts(request: PageRequest & ProductFilter): Page<Product> {
    return pageOf(this.filterProducts(request), request, (product) => product);
  }

  private usersSortedBy(field: UserSortField, nameOrder: SortedNameOrder): readonly User[] {
    const key: OrderKey = field === 'name' ? `name:${nameOrder}` : field;
    let order = this.userOrders.get(key);
    if (!order) {
      if (field === 'name') order = this.sortByName(NAME_COMPARATORS[nameOrder]);
      else if (field === 'created_at') order = this.sortByCreatedAt();
      else order = [...this.users].sort((a, b) => byCodeUnits(a.email, b.email) || byId(a, b));
      this.userOrders.set(key, order);
    }
    return order;
  }

  /**
   * Comparing 100k names is slow, but names repeat a lot: sort the distinct names once, bucket
   * users by name, and order each (small) bucket by id. Distinct names the comparator calls equal
   * (`Zoe`, `zoë`) share a bucket, so their users too are ordered by id.
   */
  private sortByName(compare: (a: string, b: string) => number): User[] {
    const buckets = new Map<string, User[]>();
    for (const user of this.users) {
      const bucket = buckets.get(user.name);
      if (bucket) bucket.push(user);
      else buckets.set(user.name, [user]);
    }
    const names = [...buckets.keys()].sort(compare);
    const ordered: User[] = [];
    for (let start = 0; start < names.length;) {
      let end = start + 1;
      while (end < names.length && compare(names[start] as string, names[end] as string) === 0) {
        end += 1;
      }
      const tied = names.slice(start, end).flatMap((name) => buckets.get(name) ?? []);
      for (const user of tied.sort(byId)) ordered.push(user);
      start = end;
    }
    return ordered;
  }

  private sortByCreatedAt(): User[] {
    const { users } = this;
    const times = Float64Array.from(users, (user) => Date.parse(user.created_at));
    const indices = Array.from(users, (_, index) => index);
    indices.sort(
      (a, b) =>
        (times[a] as number) - (times[b] as number) || byId(users[a] as User, users[b] as User),
    );
    return indices.map((index) => users[index] as User);
  }

  private filterProducts({ category, minPrice, maxPrice }: ProductFilter): readonly Product[] {
    const base = category === undefined ? this.products : this.productsIn(category);
    if (minPrice === undefined && maxPrice === undefined) return base;
    const cacheKey = JSON.stringify([category, minPrice, maxPrice]);
    const cached = this.filterCache.get(cacheKey);
    if (cached) return cached;
    const low = minPrice ?? -Infinity;
    const high = maxPrice ?? Infinity;
    const filtered = base.filter((product) => product.price >= low && product.price <= high);
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
