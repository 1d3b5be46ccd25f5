import { createRng, pick, randomSuffix, type Rng } from './seeded-random.ts';
import { generateUsers, type User, type UserProfile, type UserTable } from './user-table.ts';

export type { User, UserProfile };
import {
  PRODUCT_ADJECTIVES,
  PRODUCT_CATEGORIES,
  PRODUCT_DESCRIPTION_SENTENCES,
  PRODUCT_MATERIALS,
  PRODUCT_NOUNS,
  type ProductCategory,
} from './word-lists.ts';

export { PRODUCT_CATEGORIES, type ProductCategory };

export interface Product {
  id: string;
  name: string;
  description: string;
  price: number;
  category: string;
}

export interface Dataset {
  users: UserTable;
  products: Product[];
}

export interface DatasetOptions {
  users?: number;
  products?: number;
  seed?: number;
  /** Epoch ms that `created_at` values lead up to. Fixed by default so a seed alone decides the data. */
  anchor?: number;
  /**
   * `skewed`: categories of very different sizes (Books about half, Grocery about one in a
   * hundred), and prices from 0 (free) up to 9,999.999, a tenth of them with three decimals, and
   * two far above the rest (SKEWED_OUTLIERS), for the overview's charts. `even` (the default): the seven categories alike, prices 0.50–2000.00
   * in cents, the draws every existing test and e2e spec was written against.
   */
  catalogue?: Catalogue;
}

export const CATALOGUES = ['even', 'skewed'] as const;
export type Catalogue = (typeof CATALOGUES)[number];

/** Shares of the skewed catalogue, in PRODUCT_CATEGORIES' order; they add up to 1. */
const SKEWED_CATEGORY_SHARES: Record<ProductCategory, number> = {
  Books: 0.5,
  Electronics: 0.25,
  'Home & Garden': 0.12,
  'Toys & Games': 0.07,
  'Sports & Outdoors': 0.04,
  Beauty: 0.01,
  Grocery: 0.01,
};

export const DEFAULT_DATASET_ANCHOR = Date.UTC(2026, 0, 1);

/**
 * Rendered by the console as untrusted text: markup in the name and bio must show literally and a
 * `javascript:` avatar must never become an image or a link.
 */
export const HOSTILE_USER: User = {
  id: 'user_hostile',
  name: '<img src=x onerror="alert(1)">Mallory',
  email: 'mallory@example.com',
  created_at: '2024-02-29T23:59:59Z',
  profile: {
    bio: 'Hello <b>admin</b>!\n<script>alert(1)</script>\n"Quotes" & \'apostrophes\' & {{curly}} ${dollar}',
    location: '<svg onload=alert(1)>, Nowhere',
    avatar_url: 'javascript:alert(1)',
  },
};

/**
 * Stresses wrapping and truncation: a ~120 character name, a multi-paragraph bio. Its avatar is
 * stored as plain http:; the mock serves it under the API like every other (avatars.ts).
 */
export const LONG_TEXT_USER: User = {
  id: 'user_longtext',
  name: 'Maximiliana Alexandrina Konstantinopoulou-Wolfeschlegelsteinhausenbergerdorff von Schwarzenberg-Ramírez de la Fuente III',
  email: 'longtext@example.com',
  created_at: '2021-06-15T08:30:00Z',
  profile: {
    bio: [
      'This profile exists to test how the console copes with long text. '.repeat(4).trim(),
      'Second paragraph: it follows a blank line, so line breaks must be preserved rather than collapsed into one run of words.',
      'Third paragraph with a long unbroken token: ' +
        'Supercalifragilisticexpialidocious'.repeat(3) +
        '.',
    ].join('\n\n'),
    location: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch, Wales, United Kingdom',
    avatar_url: 'http://avatars.example.com/user_longtext.png',
  },
};

/**
 * Names a spreadsheet would run as formulas, or that break naive CSV quoting, for the CSV export.
 * OWASP's "CSV injection" list: a cell starting with = + - @ (tab and CR too, covered by unit tests).
 */
export const CSV_HOSTILE_USERS: readonly User[] = [
  csvHostileUser('user_csv_hyperlink', '=HYPERLINK("http://x","y")', 'hyperlink'),
  csvHostileUser('user_csv_sum', '+SUM(1+1)', 'sum'),
  csvHostileUser('user_csv_minus', '-2+3', 'minus'),
  csvHostileUser('user_csv_at', '@cmd', 'at'),
  csvHostileUser('user_csv_quote', 'Quote "the" Comma, Person', 'quote'),
  csvHostileUser('user_csv_newline', 'Line\nBreak', 'newline'),
];

function csvHostileUser(id: string, name: string, mailbox: string): User {
  return {
    id,
    name,
    email: `${mailbox}@example.com`,
    created_at: '2023-04-01T12:00:00Z',
    profile: {
      bio: `A name that must reach a spreadsheet as text: ${name}`,
      location: 'Cell A1',
      avatar_url: `https://avatars.example.com/${id}.png`,
    },
  };
}

/**
 * For finding users by name or e-mail over a sorted API: a name that occurs once (no generated
 * user is a Hopper), and names whose first letter each name order places differently: Cyrillic
 * and Japanese after every Latin letter, an accented capital that only a collator files under E,
 * and a lower-case start that plain code-unit order puts after every capital.
 */
export const SEARCH_USERS: readonly User[] = [
  searchUser('user_grace_hopper', 'Grace Hopper', 'grace.hopper', 'Arlington, United States'),
  searchUser('user_aleksei_smirnov', 'Алексей Смирнов', 'aleksei.smirnov', 'Moscow, Russia'),
  searchUser('user_yamada_taro', '山田 太郎', 'yamada.taro', 'Tokyo, Japan'),
  searchUser('user_emile_zola', 'Émile Zola', 'emile.zola', 'Paris, France'),
  searchUser('user_maria_delacruz', 'de la Cruz María', 'maria.delacruz', 'Seville, Spain'),
];

function searchUser(id: string, name: string, mailbox: string, location: string): User {
  return {
    id,
    name,
    email: `${mailbox}@example.org`,
    created_at: '2022-09-09T09:00:00Z',
    profile: {
      bio: `Someone to find by name or e-mail: ${name}.`,
      location,
      avatar_url: `https://avatars.example.com/${id}.png`,
    },
  };
}

/** Appended to every dataset (and counted in its total) so tests and demos can always find them. */
export const EDGE_CASE_USERS: readonly User[] = [
  HOSTILE_USER,
  LONG_TEXT_USER,
  ...CSV_HOSTILE_USERS,
  ...SEARCH_USERS,
];

/**
 * The same for products, all in Home & Garden under 20, so a filtered export meets them.
 * Appended last like the edge-case users, and counted in the total.
 */
export const EDGE_CASE_PRODUCTS: readonly Product[] = [
  {
    id: 'prod_csv_hyperlink',
    name: '=HYPERLINK("http://x","Click me")',
    description: 'Opens a link when a spreadsheet runs the name as a formula.',
    price: 9.99,
    category: 'Home & Garden',
  },
  {
    id: 'prod_csv_quote',
    name: 'Quote "the" Comma, Planter',
    description: '-1+2 in the description,\r\nthen @SUM(A1) on a second line.',
    price: 14.5,
    category: 'Home & Garden',
  },
];

/**
 * Products to find by id or by words of their name: one name with accents and one without, in two
 * categories (so a category narrows a search), with the ids a support ticket quoted. They sit at
 * SEARCH_PRODUCTS_AT of the catalogue, on a late page, where only reading the list reaches them.
 */
export const SEARCH_PRODUCTS: readonly Product[] = [
  {
    id: 'prod_e0517ffd4c',
    name: 'Crème Brûlée Torch',
    description: 'Crème Brûlée Torch from our home & garden range. Caramelises sugar in seconds.',
    price: 34.5,
    category: 'Home & Garden',
  },
  {
    id: 'prod_c2402f921a',
    name: 'Creme Brulee Cookbook',
    description: 'Creme Brulee Cookbook from our books range. Forty custards, step by step.',
    price: 24.99,
    category: 'Books',
  },
];

/** Where SEARCH_PRODUCTS sit in a catalogue: page 48 of 50 in the default 5,000 at 100 a page. */
export const SEARCH_PRODUCTS_AT = 0.95;

/** The skewed catalogue's few products priced far above the rest, counted in its total. */
export const SKEWED_OUTLIERS: readonly Product[] = [
  {
    id: 'prod_outlier_piano',
    name: 'Concert grand piano',
    description: 'Priced a hundred times above anything else in the shop.',
    price: 250_000,
    category: 'Home & Garden',
  },
  {
    id: 'prod_outlier_yacht',
    name: 'Ocean-going sailing yacht',
    description: 'One product that would flatten a price chart of equal ranges.',
    price: 1_100_000,
    category: 'Sports & Outdoors',
  },
];

export function createUser(
  rng: Rng,
  overrides: Partial<User> = {},
  anchor = DEFAULT_DATASET_ANCHOR,
): User {
  const user = generateUsers(rng, 1, { anchor, id: overrides.id }).userAt(0);
  return { ...user, ...overrides, profile: { ...user.profile, ...overrides.profile } };
}

/** Prices spread log-uniformly over 0.50–2000.00, mostly ending in familiar retail cents. */
function randomPrice(rng: Rng): number {
  const raw = 0.5 * Math.pow(4000, rng());
  if (raw < 5) return Math.round(raw * 100) / 100;
  const cents = pick(rng, [0.99, 0.99, 0.49, 0.95, 0, 0.5]);
  return Math.min(2000, Math.floor(raw) + cents);
}

/** Free now and then; else log-uniform over 0.01–9,999.99, a tenth with a third decimal. */
function skewedPrice(rng: Rng): number {
  if (rng() < 0.02) return 0;
  const raw = Math.min(9_999.99, 0.01 * Math.pow(1_000_000, rng()));
  return rng() < 0.1 ? Math.round(raw * 1000) / 1000 : Math.round(raw * 100) / 100;
}

function skewedCategory(rng: Rng): ProductCategory {
  let left = rng();
  for (const category of PRODUCT_CATEGORIES) {
    left -= SKEWED_CATEGORY_SHARES[category];
    if (left < 0) return category;
  }
  return 'Grocery';
}

export function createProduct(
  rng: Rng,
  overrides: Partial<Product> = {},
  catalogue: Catalogue = 'even',
): Product {
  const category = catalogue === 'skewed' ? skewedCategory(rng) : pick(rng, PRODUCT_CATEGORIES);
  const noun = pick(rng, PRODUCT_NOUNS[category]);
  const name =
    rng() < 0.6
      ? `${pick(rng, PRODUCT_ADJECTIVES)} ${pick(rng, PRODUCT_MATERIALS)} ${noun}`
      : `${pick(rng, PRODUCT_ADJECTIVES)} ${noun}`;
  const description = [
    `${name} from our ${category.toLowerCase()} range.`,
    pick(rng, PRODUCT_DESCRIPTION_SENTENCES),
    pick(rng, PRODUCT_DESCRIPTION_SENTENCES),
  ].join(' ');
  return {
    id: `prod_${randomSuffix(rng, 10)}`,
    name,
    description,
    price: catalogue === 'skewed' ? skewedPrice(rng) : randomPrice(rng),
    category,
    ...overrides,
  };
}

/** Generated ids are random, so a (very unlikely) repeat is simply drawn again. */
function uniqueId(taken: Set<string>, draw: () => string): string {
  let id = draw();
  while (taken.has(id)) id = draw();
  taken.add(id);
  return id;
}

export function createDataset(options: DatasetOptions = {}): Dataset {
  const { users: userCount = 1000, products: productCount = 5000, seed = 42 } = options;
  const anchor = options.anchor ?? DEFAULT_DATASET_ANCHOR;
  const rng = createRng(seed);
  const edgeUsers = EDGE_CASE_USERS.slice(0, Math.min(userCount, EDGE_CASE_USERS.length));
  const users = generateUsers(rng, userCount - edgeUsers.length, { anchor, edgeUsers });

  const fixed = [
    ...(options.catalogue === 'skewed' ? SKEWED_OUTLIERS : []),
    ...EDGE_CASE_PRODUCTS,
    ...SEARCH_PRODUCTS,
  ];
  const kept = fixed.slice(0, Math.min(productCount, fixed.length));
  const searchProducts = kept.filter((product) => SEARCH_PRODUCTS.includes(product));
  const edgeProducts = kept.filter((product) => !SEARCH_PRODUCTS.includes(product));
  const productIds = new Set(kept.map((product) => product.id));
  const products: Product[] = [];
  for (let i = 0; i < productCount - kept.length; i += 1) {
    const id = uniqueId(productIds, () => `prod_${randomSuffix(rng, 10)}`);
    products.push(createProduct(rng, { id }, options.catalogue));
  }
  products.splice(Math.floor(products.length * SEARCH_PRODUCTS_AT), 0, ...searchProducts);
  products.push(...edgeProducts);
  return { users, products };
}
