import { createRng, pick, randomInt, randomSuffix, type Rng } from './seeded-random.ts';
import {
  BIO_SENTENCES,
  CITIES,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  LAST_NAMES,
  PRODUCT_ADJECTIVES,
  PRODUCT_CATEGORIES,
  PRODUCT_DESCRIPTION_SENTENCES,
  PRODUCT_MATERIALS,
  PRODUCT_NOUNS,
  type ProductCategory,
} from './word-lists.ts';

export { PRODUCT_CATEGORIES, type ProductCategory };

export interface UserProfile {
  bio: string;
  location: string;
  avatar_url: string;
}

export interface User {
  id: string;
  name: string;
  email: string;
  created_at: string;
  profile: UserProfile;
}

export interface Product {
  id: string;
  name: string;
  description: string;
  price: number;
  category: string;
}

export interface Dataset {
  users: User[];
  products: Product[];
}

export interface DatasetOptions {
  users?: number;
  products?: number;
  seed?: number;
  /** Epoch ms that `created_at` values lead up to. Fixed by default so a seed alone decides the data. */
  anchor?: number;
}

export const DEFAULT_DATASET_ANCHOR = Date.UTC(2026, 0, 1);

const FIVE_YEARS_MS = 5 * 365.25 * 24 * 60 * 60 * 1000;

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

/** Appended to every dataset (and counted in its total) so tests and demos can always find them. */
export const EDGE_CASE_USERS: readonly User[] = [
  HOSTILE_USER,
  LONG_TEXT_USER,
  ...CSV_HOSTILE_USERS,
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

function asciiLetters(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

function isoSeconds(epochMs: number): string {
  return new Date(Math.floor(epochMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** Derives e-mails from names; names repeat, so later holders of a name get a numeric suffix. */
function createEmailAllocator(): (first: string, last: string, rng: Rng) => string {
  const seen = new Map<string, number>();
  // Normalising is the slow part of building 100k users, and there are only a few thousand names.
  const localParts = new Map<string, string>();
  return (first, last, rng) => {
    const name = `${first} ${last}`;
    let local = localParts.get(name);
    if (local === undefined) {
      local = `${asciiLetters(first)}.${asciiLetters(last)}`;
      localParts.set(name, local);
    }
    const count = (seen.get(local) ?? 0) + 1;
    seen.set(local, count);
    // Names contain no digits, so `local + n` can never collide with another name's local part.
    return `${count === 1 ? local : `${local}${count}`}@${pick(rng, EMAIL_DOMAINS)}`;
  };
}

export function createUser(
  rng: Rng,
  overrides: Partial<User> = {},
  anchor = DEFAULT_DATASET_ANCHOR,
): User {
  return createUserWith(rng, overrides, anchor, createEmailAllocator());
}

function createUserWith(
  rng: Rng,
  overrides: Partial<User>,
  anchor: number,
  allocateEmail: ReturnType<typeof createEmailAllocator>,
): User {
  const first = pick(rng, FIRST_NAMES);
  const last = pick(rng, LAST_NAMES);
  const id = overrides.id ?? `user_${randomSuffix(rng, 10)}`;
  const sentences = randomInt(rng, 1, 3);
  const bio = Array.from({ length: sentences }, () => pick(rng, BIO_SENTENCES)).join(' ');
  return {
    id,
    name: `${first} ${last}`,
    email: allocateEmail(first, last, rng),
    created_at: isoSeconds(anchor - rng() * FIVE_YEARS_MS),
    ...overrides,
    profile: {
      bio,
      location: pick(rng, CITIES),
      avatar_url: `https://avatars.example.com/${id}.png`,
      ...overrides.profile,
    },
  };
}

/** Prices spread log-uniformly over 0.50–2000.00, mostly ending in familiar retail cents. */
function randomPrice(rng: Rng): number {
  const raw = 0.5 * Math.pow(4000, rng());
  if (raw < 5) return Math.round(raw * 100) / 100;
  const cents = pick(rng, [0.99, 0.99, 0.49, 0.95, 0, 0.5]);
  return Math.min(2000, Math.floor(raw) + cents);
}

export function createProduct(rng: Rng, overrides: Partial<Product> = {}): Product {
  const category = pick(rng, PRODUCT_CATEGORIES);
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
    price: randomPrice(rng),
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
  const allocateEmail = createEmailAllocator();
  const edgeUsers = EDGE_CASE_USERS.slice(0, Math.min(userCount, EDGE_CASE_USERS.length));
  const userIds = new Set(edgeUsers.map((user) => user.id));
  const users: User[] = [];
  for (let i = 0; i < userCount - edgeUsers.length; i += 1) {
    const id = uniqueId(userIds, () => `user_${randomSuffix(rng, 10)}`);
    users.push(createUserWith(rng, { id }, anchor, allocateEmail));
  }
  users.push(...edgeUsers);

  const edgeProducts = EDGE_CASE_PRODUCTS.slice(
    0,
    Math.min(productCount, EDGE_CASE_PRODUCTS.length),
  );
  const productIds = new Set(edgeProducts.map((product) => product.id));
  const products: Product[] = [];
  for (let i = 0; i < productCount - edgeProducts.length; i += 1) {
    const id = uniqueId(productIds, () => `prod_${randomSuffix(rng, 10)}`);
    products.push(createProduct(rng, { id }));
  }
  products.push(...edgeProducts);
  return { users, products };
}
