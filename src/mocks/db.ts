import { createDataset, type DatasetOptions, type Product, type User } from './data.ts';

export type UserSummary = Omit<User, 'profile'>;

export const USER_SORTS = ['name', '-name', 'created_at', '-created_at'] as const;
export type UserSort = (typeof USER_SORTS)[number];

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

function pageOf<T, R>(items: ArrayLike<T>, { page, limit }: PageRequest, map: (item: T) => R) {
  const data: R[] = [];
  const end = Math.min(items.length, page * limit);
  for (let i = (page - 1) * limit; i < end; i += 1) data.push(map(items[i] as T));
  return { data, meta: { total: items.length, page, limit } };
}

function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
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
  private readonly userOrders = new Map<UserSort, readonly User[]>();
  private productsByCategory: Map<string, Product[]> | undefined;
  private readonly filterCache = new Map<string, Product[]>();

  constructor(options: DatasetOptions = {}) {
    const { users, products } = createDataset(options);
    this.users = users;
    this.products = products;
    this.usersById = new Map(users.map((user) => [user.id, user]));
  }

  /**
   * Builds every index now instead of on first use (~0.1 s per sort at 100k users), for hosts such
   * as the standalone server where a slow first request would skew measurements.
   */
  prepare(): void {
    for (const sort of USER_SORTS) this.usersSortedBy(sort);
    this.productsIn('');
  }

  getUser(id: string): User | undefined {
    return this.usersById.get(id);
  }

  listUsers(request: PageRequest & { sort?: UserSort }): Page<UserSummary> {
    const ordered = request.sort ? this.usersSortedBy(request.sort) : this.users;
    return pageOf(ordered, request, summary);
  }

  listProducts(request: PageRequest & ProductFilter): Page<Product> {
    return pageOf(this.filterProducts(request), request, (product) => product);
  }

  private usersSortedBy(sort: UserSort): readonly User[] {
    let order = this.userOrders.get(sort);
    if (!order) {
      if (sort === 'name') order = this.sortByName();
      else if (sort === 'created_at') order = this.sortByCreatedAt();
      else order = [...this.usersSortedBy(sort.slice(1) as UserSort)].reverse();
      this.userOrders.set(sort, order);
    }
    return order;
  }

  /**
   * Collating 100k strings is slow, but names repeat a lot: collate the distinct names once, bucket
   * users by name, and order each (small) bucket by id.
   */
  private sortByName(): User[] {
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    const buckets = new Map<string, User[]>();
    for (const user of this.users) {
      const bucket = buckets.get(user.name);
      if (bucket) bucket.push(user);
      else buckets.set(user.name, [user]);
    }
    return [...buckets.keys()]
      .sort(collator.compare)
      .flatMap((name) => (buckets.get(name) ?? []).sort(byId));
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
