import { randomInt, randomSuffix, type Rng } from './seeded-random.ts';
import { BIO_SENTENCES, CITIES, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES } from './word-lists.ts';

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

export type UserSummary = Omit<User, 'profile'>;

const FIVE_YEARS_MS = 5 * 365.25 * 24 * 60 * 60 * 1000;

/** A user's profile choices, one byte each: city, then up to three bio sentences. */
const CHOICES = 4;
const NO_SENTENCE = 0xff;

export function isoSeconds(epochMs: number): string {
  return new Date(Math.floor(epochMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function asciiLetters(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** Every first-and-last name the generator can draw, and its e-mail local part, by slot. */
const NAME_SLOTS = FIRST_NAMES.length * LAST_NAMES.length;
const SLOT_NAMES = FIRST_NAMES.flatMap((first) => LAST_NAMES.map((last) => `${first} ${last}`));
const SLOT_LOCALS = FIRST_NAMES.flatMap((first) =>
  LAST_NAMES.map((last) => `${asciiLetters(first)}.${asciiLetters(last)}`),
);
/** Distinct local parts (two names may share one) and, for each name slot, its local's number. */
const LOCALS = [...new Set(SLOT_LOCALS)];
const LOCAL_OF_SLOT = Uint16Array.from(SLOT_LOCALS, (local) => LOCALS.indexOf(local));

// What the columns' types and `orderByEmail` rely on; a new word list could break them.
if (
  NAME_SLOTS > 0xffff ||
  Math.max(CITIES.length, BIO_SENTENCES.length, EMAIL_DOMAINS.length) >= NO_SENTENCE ||
  !LOCALS.every((local) => /^[a-z]*\.[a-z]*$/.test(local))
) {
  throw new Error('The word lists no longer fit the user table');
}

/**
 * Generated users, stored column by column, with edge-case users (kept whole) after them. A million
 * users as objects with profiles took a minute and a gigabyte to build; here a user is an id and a
 * few numbers (name slot, e-mail suffix and domain, creation time, profile choices), turned into
 * text only for the few users a request returns. The same numbers always give the same text.
 */
export class UserTable {
  readonly length: number;
  private readonly generated: number;
  private readonly ids: string[];
  private readonly slots: Uint16Array;
  /** The user is the n-th holder of its e-mail local part; all but the first get `n` as suffix. */
  private readonly holders: Uint32Array;
  private readonly domains: Uint8Array;
  private readonly createdMs: Float64Array;
  private readonly choices: Uint8Array;
  private readonly edgeUsers: readonly User[];
  private readonly indexById: Map<string, number>;
  private nameGroups: Map<string, number[]> | undefined;

  // Plain fields rather than parameter properties keep this file runnable by Node's type stripping.
  constructor(columns: {
    ids: string[];
    slots: Uint16Array;
    holders: Uint32Array;
    domains: Uint8Array;
    createdMs: Float64Array;
    choices: Uint8Array;
    indexById: Map<string, number>;
    edgeUsers: readonly User[];
  }) {
    this.generated = columns.slots.length;
    this.ids = columns.ids;
    this.slots = columns.slots;
    this.holders = columns.holders;
    this.domains = columns.domains;
    this.createdMs = columns.createdMs;
    this.choices = columns.choices;
    this.indexById = columns.indexById;
    this.edgeUsers = columns.edgeUsers;
    this.length = this.generated + this.edgeUsers.length;
  }

  indexOf(id: string): number | undefined {
    return this.indexById.get(id);
  }

  idAt(index: number): string {
    return this.ids[index] as string;
  }

  nameAt(index: number): string {
    if (index >= this.generated) return this.edge(index).name;
    return SLOT_NAMES[this.slots[index] as number] as string;
  }

  emailAt(index: number): string {
    if (index >= this.generated) return this.edge(index).email;
    const local = LOCALS[LOCAL_OF_SLOT[this.slots[index] as number] as number] as string;
    const holder = this.holders[index] as number;
    const domain = EMAIL_DOMAINS[this.domains[index] as number] as string;
    return `${local}${holder === 1 ? '' : holder}@${domain}`;
  }

  /** Epoch milliseconds, whole seconds. */
  createdMsAt(index: number): number {
    if (index >= this.generated) return Date.parse(this.edge(index).created_at);
    return this.createdMs[index] as number;
  }

  summaryAt(index: number): UserSummary {
    if (index >= this.generated) {
      const { id, name, email, created_at } = this.edge(index);
      return { id, name, email, created_at };
    }
    return {
      id: this.idAt(index),
      name: this.nameAt(index),
      email: this.emailAt(index),
      created_at: isoSeconds(this.createdMsAt(index)),
    };
  }

  userAt(index: number): User {
    if (index >= this.generated) return this.edge(index);
    const at = index * CHOICES;
    const sentences: string[] = [];
    for (let i = 1; i < CHOICES; i += 1) {
      const sentence = this.choices[at + i] as number;
      if (sentence !== NO_SENTENCE) sentences.push(BIO_SENTENCES[sentence] as string);
    }
    const id = this.idAt(index);
    return {
      ...this.summaryAt(index),
      profile: {
        bio: sentences.join(' '),
        location: CITIES[this.choices[at] as number] as string,
        avatar_url: `https://avatars.example.com/${id}.png`,
      },
    };
  }

  /** Every user as an object, for tests and small datasets. */
  toArray(): User[] {
    return Array.from({ length: this.length }, (_, index) => this.userAt(index));
  }

  /** Ties by id, compared as UTF-16 code units like every order here. */
  readonly byId = (a: number, b: number): number => byCodeUnits(this.idAt(a), this.idAt(b));

  /**
   * Every index, names in `compare` order, ties by id. Names repeat a lot, so only the distinct
   * names are compared; names the comparator calls equal (`Zoe`, `zoë`) are one tie.
   */
  orderByName(compare: (a: string, b: string) => number): Uint32Array {
    const groups = this.usersByName();
    const names = [...groups.keys()].sort(compare);
    const order = new Uint32Array(this.length);
    let filled = 0;
    for (let start = 0; start < names.length;) {
      let end = start + 1;
      while (end < names.length && compare(names[start] as string, names[end] as string) === 0) {
        end += 1;
      }
      const tied = names.slice(start, end).flatMap((name) => groups.get(name) ?? []);
      order.set(end - start > 1 ? tied.sort(this.byId) : tied, filled);
      filled += tied.length;
      start = end;
    }
    return order;
  }

  /**
   * Each distinct name's users, by id. Ordering them is most of the work of a name order, and the
   * same for every comparator, so it is done once.
   */
  private usersByName(): Map<string, number[]> {
    if (this.nameGroups) return this.nameGroups;
    // Generated users by name slot (a counting sort: no string is hashed), then the edge-case ones.
    const starts = new Uint32Array(NAME_SLOTS + 1);
    for (const slot of this.slots) starts[slot + 1] = (starts[slot + 1] as number) + 1;
    for (let slot = 0; slot < NAME_SLOTS; slot += 1) {
      starts[slot + 1] = (starts[slot + 1] as number) + (starts[slot] as number);
    }
    const bySlot = new Uint32Array(this.generated);
    const next = starts.slice(0, NAME_SLOTS);
    this.slots.forEach((slot, index) => {
      bySlot[next[slot] as number] = index;
      next[slot] = (next[slot] as number) + 1;
    });
    const groups = new Map<string, number[]>();
    for (let slot = 0; slot < NAME_SLOTS; slot += 1) {
      const members = bySlot.subarray(starts[slot], starts[slot + 1]);
      if (members.length > 0) groups.set(SLOT_NAMES[slot] as string, Array.from(members));
    }
    for (let index = this.generated; index < this.length; index += 1) {
      const name = this.nameAt(index);
      groups.set(name, [...(groups.get(name) ?? []), index]);
    }
    for (const members of groups.values()) members.sort(this.byId);
    this.nameGroups = groups;
    return groups;
  }

  /**
   * Every index, e-mails in UTF-16 code-unit order, ties by id, without comparing a million
   * strings. A generated e-mail is `local` + (`n` unless 1) + `@domain`, and a local part is
   * lower-case letters around one dot, so when one local part is a prefix of another, the longer
   * one goes on with a letter where the shorter one's e-mails go on with a digit or `@`, both
   * lower: ordering by local part, then by what follows it, is e-mail order. (local, n) is unique,
   * so it gives each user a slot. The few edge-case users are then placed by comparison.
   */
  orderByEmail(): Uint32Array {
    const localRank = rankOf(LOCALS);
    let maxHolder = 0;
    for (const holder of this.holders) maxHolder = Math.max(maxHolder, holder);
    const suffixes = Array.from({ length: maxHolder + 1 }, (_, n) => (n === 1 ? '@' : `${n}@`));
    const suffixRank = rankOf(suffixes);
    const width = maxHolder + 1;
    const bySlot = new Int32Array(LOCALS.length * width).fill(-1);
    for (let index = 0; index < this.generated; index += 1) {
      const local = LOCAL_OF_SLOT[this.slots[index] as number] as number;
      const key =
        (localRank[local] as number) * width +
        (suffixRank[this.holders[index] as number] as number);
      bySlot[key] = index;
    }
    const order: number[] = [];
    for (const index of bySlot) if (index >= 0) order.push(index);
    const byEmail = (a: number, b: number) =>
      byCodeUnits(this.emailAt(a), this.emailAt(b)) || this.byId(a, b);
    for (let index = this.generated; index < this.length; index += 1) {
      let low = 0;
      let high = order.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (byEmail(order[middle] as number, index) < 0) low = middle + 1;
        else high = middle;
      }
      order.splice(low, 0, index);
    }
    return Uint32Array.from(order);
  }

  /**
   * Every index, oldest first, ties by id. A million-element sort with a comparator is slow, so
   * when whole seconds and an index fit in a double's 53 bits, sort those numbers natively and then
   * order the (few) users created in the same second by id.
   */
  orderByCreatedAt(): Uint32Array {
    const seconds = Float64Array.from({ length: this.length }, (_, index) =>
      Math.floor(this.createdMsAt(index) / 1000),
    );
    const order = Uint32Array.from({ length: this.length }, (_, index) => index);
    let earliest = Infinity;
    let latest = -Infinity;
    for (const second of seconds) {
      earliest = Math.min(earliest, second);
      latest = Math.max(latest, second);
    }
    const scale = 2 ** Math.ceil(Math.log2(this.length + 1));
    if (this.length === 0 || (latest - earliest + 1) * scale > Number.MAX_SAFE_INTEGER) {
      return order.sort(
        (a, b) => (seconds[a] as number) - (seconds[b] as number) || this.byId(a, b),
      );
    }
    const keys = Float64Array.from(
      order,
      (index) => ((seconds[index] as number) - earliest) * scale + index,
    ).sort();
    keys.forEach((key, position) => (order[position] = key % scale));
    for (let start = 0; start < order.length;) {
      const second = seconds[order[start] as number];
      let end = start + 1;
      while (end < order.length && seconds[order[end] as number] === second) end += 1;
      if (end - start > 1) order.subarray(start, end).sort(this.byId);
      start = end;
    }
    return order;
  }

  private edge(index: number): User {
    return this.edgeUsers[index - this.generated] as User;
  }
}

/** Each string's position when `strings` are sorted by code units. */
function rankOf(strings: readonly string[]): Uint32Array {
  const rank = new Uint32Array(strings.length);
  [...strings.keys()]
    .sort((a, b) => byCodeUnits(strings[a] as string, strings[b] as string))
    .forEach((index, position) => (rank[index] = position));
  return rank;
}

/**
 * Draws `count` users from `rng`, then appends `edgeUsers`. The draws, and their order, are what
 * every seed's data (and the products drawn after the users) depend on: id (unless given), first
 * and last name, the number of bio sentences and each one, the e-mail domain, the age, the city.
 * E-mails derive from names; later holders of a name's local part get a numeric suffix.
 */
export function generateUsers(
  rng: Rng,
  count: number,
  { anchor, edgeUsers = [], id }: { anchor: number; edgeUsers?: readonly User[]; id?: string },
): UserTable {
  const indexById = new Map(edgeUsers.map((user, index) => [user.id, count + index]));
  const ids: string[] = new Array<string>(count);
  const slots = new Uint16Array(count);
  const holders = new Uint32Array(count);
  const domains = new Uint8Array(count);
  const createdMs = new Float64Array(count);
  const choices = new Uint8Array(count * CHOICES).fill(NO_SENTENCE);
  const holdersOfLocal = new Uint32Array(LOCALS.length);
  // `pick`, inlined: an index is all that is stored.
  const draw = (length: number) => Math.floor(rng() * length);
  for (let index = 0; index < count; index += 1) {
    let userId = id ?? `user_${randomSuffix(rng, 10)}`;
    // Generated ids are random, so a (very unlikely) repeat is simply drawn again.
    while (id === undefined && indexById.has(userId)) userId = `user_${randomSuffix(rng, 10)}`;
    indexById.set(userId, index);
    ids[index] = userId;
    const slot = draw(FIRST_NAMES.length) * LAST_NAMES.length + draw(LAST_NAMES.length);
    slots[index] = slot;
    const sentences = randomInt(rng, 1, 3);
    for (let i = 1; i <= sentences; i += 1) {
      choices[index * CHOICES + i] = draw(BIO_SENTENCES.length);
    }
    const local = LOCAL_OF_SLOT[slot] as number;
    holdersOfLocal[local] = (holdersOfLocal[local] as number) + 1;
    holders[index] = holdersOfLocal[local] as number;
    domains[index] = draw(EMAIL_DOMAINS.length);
    createdMs[index] = Math.floor((anchor - rng() * FIVE_YEARS_MS) / 1000) * 1000;
    choices[index * CHOICES] = draw(CITIES.length);
  }
  for (const user of edgeUsers) ids.push(user.id);
  return new UserTable({
    ids,
    slots,
    holders,
    domains,
    createdMs,
    choices,
    indexById,
    edgeUsers,
  });
}
