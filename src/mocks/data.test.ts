// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  createDataset,
  createProduct,
  createUser,
  CSV_HOSTILE_USERS,
  EDGE_CASE_PRODUCTS,
  SEARCH_PRODUCTS,
  SKEWED_OUTLIERS,
  EDGE_CASE_USERS,
  HOSTILE_USER,
  LONG_TEXT_USER,
  PRODUCT_CATEGORIES,
  SEARCH_USERS,
} from './data.ts';
import { createRng } from './seeded-random.ts';
import { LAST_NAMES } from './word-lists.ts';

describe('createDataset', () => {
  const created = createDataset({ users: 1000, products: 2000, seed: 7 });
  const dataset = { users: created.users.toArray(), products: created.products };

  it('is deterministic for a seed and differs between seeds', () => {
    const again = createDataset({ users: 1000, products: 2000, seed: 7 });
    expect(again.users.toArray()).toEqual(dataset.users);
    expect(again.products).toEqual(dataset.products);
    const other = createDataset({ users: 1000, products: 2000, seed: 8 });
    expect(other.users.userAt(0)).not.toEqual(dataset.users[0]);
    expect(other.products[0]).not.toEqual(dataset.products[0]);
  });

  it('returns exactly the requested counts, edge-case users included, appended last', () => {
    expect(dataset.users).toHaveLength(1000);
    expect(dataset.products).toHaveLength(2000);
    expect(dataset.users.slice(-EDGE_CASE_USERS.length)).toEqual([
      HOSTILE_USER,
      LONG_TEXT_USER,
      ...CSV_HOSTILE_USERS,
      ...SEARCH_USERS,
    ]);
    expect(dataset.products.slice(-EDGE_CASE_PRODUCTS.length)).toEqual(EDGE_CASE_PRODUCTS);
    const one = createDataset({ users: 1, products: 1 });
    expect(one.users.toArray()).toEqual([HOSTILE_USER]);
    expect(one.products).toEqual([EDGE_CASE_PRODUCTS[0]]);
    const none = createDataset({ users: 0, products: 0 });
    expect(none.users.toArray()).toEqual([]);
    expect(none.products).toEqual([]);
  });

  it('gives users unique, well-shaped ids and e-mails and past UTC timestamps', () => {
    const anchor = Date.UTC(2026, 0, 1);
    const users = createDataset({ users: 5000, products: 0, anchor }).users.toArray();
    expect(new Set(users.map((user) => user.id)).size).toBe(users.length);
    expect(new Set(users.map((user) => user.email)).size).toBe(users.length);
    const generated = users.filter((user) => !EDGE_CASE_USERS.includes(user));
    for (const user of generated) {
      expect(user.id).toMatch(/^user_[a-z0-9]{10}$/);
      expect(user.email).toMatch(/^[a-z]+\.[a-z]+\d*@example\.(com|org|net)$/);
      expect(user.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      const created = Date.parse(user.created_at);
      expect(created).toBeLessThanOrEqual(anchor);
      expect(created).toBeGreaterThan(anchor - 5.1 * 365 * 24 * 3600 * 1000);
      expect(user.profile.avatar_url).toBe(`https://avatars.example.com/${user.id}.png`);
      expect(user.profile.bio.length).toBeGreaterThan(0);
      expect(user.profile.location.length).toBeGreaterThan(0);
    }
  });

  it('gives products unique ids, the seven categories and cent prices in range', () => {
    const { products } = dataset;
    expect(new Set(products.map((product) => product.id)).size).toBe(products.length);
    expect(new Set(products.map((product) => product.category))).toEqual(
      new Set(PRODUCT_CATEGORIES),
    );
    for (const product of products.filter((item) => !EDGE_CASE_PRODUCTS.includes(item))) {
      expect(product.id).toMatch(/^prod_[a-z0-9]{10}$/);
      expect(product.price).toBeGreaterThanOrEqual(0.5);
      expect(product.price).toBeLessThanOrEqual(2000);
      expect(Math.abs(product.price * 100 - Math.round(product.price * 100))).toBeLessThan(1e-6);
      expect(product.name.length).toBeGreaterThan(0);
      expect(product.description).toContain(product.name);
    }
  });
});

describe('edge-case users', () => {
  it('carry markup, a javascript: avatar, long text and line breaks', () => {
    expect(HOSTILE_USER.id).toBe('user_hostile');
    expect(HOSTILE_USER.name).toBe('<img src=x onerror="alert(1)">Mallory');
    expect(HOSTILE_USER.profile.bio).toContain('<script>alert(1)</script>');
    expect(HOSTILE_USER.profile.bio).toContain('\n');
    expect(HOSTILE_USER.profile.avatar_url).toBe('javascript:alert(1)');
    expect(LONG_TEXT_USER.id).toBe('user_longtext');
    expect(LONG_TEXT_USER.name.length).toBeGreaterThanOrEqual(110);
    expect(LONG_TEXT_USER.profile.bio).toContain('\n\n');
    expect(LONG_TEXT_USER.profile.avatar_url).toMatch(/^http:\/\//);
  });

  it('include names a spreadsheet would run, and names that need CSV quoting', () => {
    expect(CSV_HOSTILE_USERS.map((user) => user.name)).toEqual([
      '=HYPERLINK("http://x","y")',
      '+SUM(1+1)',
      '-2+3',
      '@cmd',
      'Quote "the" Comma, Person',
      'Line\nBreak',
    ]);
    for (const user of CSV_HOSTILE_USERS) expect(user.id).toMatch(/^user_[a-z_]+$/);
    for (const product of EDGE_CASE_PRODUCTS) {
      expect(product).toMatchObject({ category: 'Home & Garden' });
      expect(product.price).toBeLessThan(20);
    }
  });

  it('include users to search for: a unique name and names in other scripts and cases', () => {
    expect(SEARCH_USERS.map(({ id, name, email }) => [id, name, email])).toEqual([
      ['user_grace_hopper', 'Grace Hopper', 'grace.hopper@example.org'],
      ['user_aleksei_smirnov', 'Алексей Смирнов', 'aleksei.smirnov@example.org'],
      ['user_yamada_taro', '山田 太郎', 'yamada.taro@example.org'],
      ['user_emile_zola', 'Émile Zola', 'emile.zola@example.org'],
      ['user_maria_delacruz', 'de la Cruz María', 'maria.delacruz@example.org'],
    ]);
    // Grace is a generated first name, so only the surname keeps Grace Hopper unique.
    expect(LAST_NAMES).not.toContain('Hopper');
    const users = createDataset({ users: 20_000, products: 0 }).users.toArray();
    expect(users.filter((user) => user.name.includes('Hopper'))).toEqual([SEARCH_USERS[0]]);
  });
});

describe('products to find', () => {
  it('sit on a late page, under names only they have, one with accents and one without', () => {
    const { products } = createDataset({ users: 1, products: 5_000 });
    const at = products.findIndex((product) => product.id === SEARCH_PRODUCTS[0]?.id);
    expect(products.slice(at, at + 2)).toEqual(SEARCH_PRODUCTS);
    expect(Math.floor(at / 100) + 1).toBe(48);
    expect(SEARCH_PRODUCTS.map((product) => product.category)).toEqual(['Home & Garden', 'Books']);
    const named = products.filter((product) => /br[uû]l[eé]e/i.test(product.name));
    expect(named).toEqual(SEARCH_PRODUCTS);
    expect(createDataset({ users: 1, products: 3 }).products.map((p) => p.id)).toEqual([
      SEARCH_PRODUCTS[0]?.id,
      ...EDGE_CASE_PRODUCTS.map((product) => product.id),
    ]);
  });
});

describe('factories', () => {
  it('apply overrides, including a partial profile', () => {
    const user = createUser(createRng(1), {
      id: 'user_fixed',
      name: 'Fixed Name',
      profile: { bio: 'b', location: 'l', avatar_url: 'https://x.test/a.png' },
    });
    expect(user).toMatchObject({
      id: 'user_fixed',
      name: 'Fixed Name',
      profile: { bio: 'b', location: 'l', avatar_url: 'https://x.test/a.png' },
    });
    const product = createProduct(createRng(1), { price: 19.99, category: 'Books' });
    expect(product).toMatchObject({ price: 19.99, category: 'Books' });
  });

  it('are deterministic for the same generator state', () => {
    expect(createUser(createRng(3))).toEqual(createUser(createRng(3)));
    expect(createProduct(createRng(3))).toEqual(createProduct(createRng(3)));
  });
});

describe('the skewed catalogue', () => {
  const { products } = createDataset({ users: 10, products: 20_000, catalogue: 'skewed' });
  const generated = products.filter(
    (product) => !EDGE_CASE_PRODUCTS.includes(product) && !SKEWED_OUTLIERS.includes(product),
  );

  it('has categories of very different sizes', () => {
    const sizes = new Map<string, number>();
    for (const { category } of generated) sizes.set(category, (sizes.get(category) ?? 0) + 1);
    expect(new Set(sizes.keys())).toEqual(new Set(PRODUCT_CATEGORIES));
    const counts = [...sizes.values()];
    // Books about half, Grocery about one in a hundred.
    expect(Math.max(...counts)).toBeGreaterThan(20 * Math.min(...counts));
  });

  it('prices from 0 into the thousands, some with three decimals', () => {
    const prices = generated.map((product) => product.price);
    expect(prices).toContain(0);
    expect(Math.max(...prices)).toBeGreaterThan(1_000);
    expect(Math.max(...prices)).toBeLessThan(10_000);
    const mills = prices.filter((price) => Math.abs(price * 100 - Math.round(price * 100)) > 1e-6);
    expect(mills.length).toBeGreaterThan(0);
    expect(mills.every((price) => Math.abs(price * 1000 - Math.round(price * 1000)) < 1e-6)).toBe(
      true,
    );
  });

  it('has two products priced far above the rest, in its total', () => {
    expect(products).toHaveLength(20_000);
    expect(products.filter((product) => product.price > 10_000)).toEqual(SKEWED_OUTLIERS);
  });

  it('leaves the default catalogue as it was', () => {
    const even = createDataset({ users: 10, products: 50 }).products.map((p) => [p.id, p.price]);
    const named = createDataset({ users: 10, products: 50, catalogue: 'even' }).products;
    expect(named.map((p) => [p.id, p.price])).toEqual(even);
  });
});
