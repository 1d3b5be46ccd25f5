import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText, normaliseQuery } from './list-search/text-fold';
import { createSeenIndex } from './seen-index';

interface Person {
  id: string;
  name: string;
  email: string;
}

const shape = (max: number) => ({
  max,
  idOf: (person: Person) => person.id,
  nameOf: (person: Person) => person.name,
  alsoStartsOf: (person: Person) => [person.email],
});

const person = (id: string, name: string, email = `${id}@example.org`): Person => ({
  id,
  name,
  email,
});

describe('seen index: examples', () => {
  it('suggests names that start with the text before names with a later word that does', () => {
    const index = createSeenIndex(shape(10));
    index.remember([
      person('u1', 'Ada Lovelace'),
      person('u2', 'Grace Hopper'),
      person('u3', 'Lovelace Ada'),
    ]);
    expect(index.suggest('love', 8).map((p) => p.id)).toEqual(['u3', 'u1']);
    // Only a word's start: "ace" is inside "Lovelace", not at a word's start.
    expect(index.suggest('ace', 8)).toEqual([]);
  });

  it('matches other texts and the id by their start only, case and accents aside', () => {
    const index = createSeenIndex(shape(10));
    index.remember([person('User_7', 'Émile Zola', 'zola@example.org')]);
    expect(index.suggest('ZOLA@', 8).map((p) => p.id)).toEqual(['User_7']);
    expect(index.suggest('user_', 8).map((p) => p.id)).toEqual(['User_7']);
    expect(index.suggest('EMI', 8).map((p) => p.id)).toEqual(['User_7']);
    expect(index.suggest('example', 8)).toEqual([]);
  });

  it('needs two characters, spaces aside, and gives at most the limit, newest first', () => {
    const index = createSeenIndex(shape(10));
    index.remember(['a', 'b', 'c'].map((id) => person(`id_${id}`, `Grace ${id}`)));
    expect(index.suggest(' g ', 8)).toEqual([]);
    expect(index.suggest('  grace   c', 8).map((p) => p.id)).toEqual(['id_c']);
    expect(index.suggest('grace', 2).map((p) => p.id)).toEqual(['id_c', 'id_b']);
  });

  it('keeps a record once, as last seen, and the newest when full', () => {
    const index = createSeenIndex(shape(2));
    index.remember([person('a', 'First'), person('b', 'Second')]);
    index.remember([person('a', 'Again')]);
    index.remember([person('c', 'Third')]);
    expect(index.size()).toBe(2);
    expect(index.get('b')).toBeUndefined();
    expect(index.get('a')?.name).toBe('Again');
    index.clear();
    expect(index.size()).toBe(0);
  });
});

/** What the index should do, written plainly: every record seen, newest first, filtered. */
function model(seen: readonly Person[], max: number) {
  const newestFirst: Person[] = [];
  for (const record of [...seen].reverse()) {
    if (!newestFirst.some((kept) => kept.id === record.id)) newestFirst.push(record);
  }
  const kept = newestFirst.slice(0, max);
  return {
    kept,
    suggest(text: string, limit: number): Person[] {
      const query = foldText(normaliseQuery(text));
      if (query.length < 2) return [];
      const starts = kept.filter(
        (p) =>
          foldText(p.name).startsWith(query) ||
          foldText(p.email).startsWith(query) ||
          p.id.toLowerCase().startsWith(query),
      );
      const words = kept.filter(
        (p) => !starts.includes(p) && foldText(p.name).includes(` ${query}`),
      );
      return [...starts, ...words].slice(0, limit);
    },
  };
}

// Few letters, so that texts often match; capitals, accents and spaces, so that folding counts.
const letter = fc.constantFrom('a', 'b', 'e', 'A', 'É', 'é', 'ë', ' ');
const text = (maxLength: number) => fc.string({ unit: letter, maxLength });
const record = fc.record({
  id: fc.string({ unit: fc.constantFrom('a', 'b', 'A', '_'), minLength: 1, maxLength: 3 }),
  name: text(8),
  email: text(5),
});
const batches = fc.array(fc.array(record, { maxLength: 6 }), { maxLength: 8 });

describe('seen index: properties', () => {
  it('is bounded, keeps the newest, each as last seen', () => {
    fc.assert(
      fc.property(batches, fc.integer({ min: 1, max: 10 }), (seen, max) => {
        const index = createSeenIndex(shape(max));
        for (const batch of seen) index.remember(batch);
        const expected = model(seen.flat(), max);
        expect(index.size()).toBe(expected.kept.length);
        expect(index.size()).toBeLessThanOrEqual(max);
        for (const kept of expected.kept) expect(index.get(kept.id)).toBe(kept);
      }),
    );
  });

  it('suggests what matches, starts before later words, newest first, up to the limit', () => {
    fc.assert(
      fc.property(
        batches,
        fc.integer({ min: 1, max: 10 }),
        text(4),
        fc.integer({ min: 1, max: 5 }),
        (seen, max, query, limit) => {
          const index = createSeenIndex(shape(max));
          for (const batch of seen) index.remember(batch);
          expect(index.suggest(query, limit)).toEqual(
            model(seen.flat(), max).suggest(query, limit),
          );
        },
      ),
    );
  });

  it('suggests the same whatever the case, the accents and the spaces around the text', () => {
    fc.assert(
      fc.property(
        batches,
        fc.string({ unit: fc.constantFrom('a', 'b', 'e'), maxLength: 4 }),
        (seen, query) => {
          const index = createSeenIndex(shape(50));
          for (const batch of seen) index.remember(batch);
          const plain = index.suggest(query, 8);
          const dressed = ` ${query.toUpperCase().replaceAll('E', 'É')}  `;
          expect(index.suggest(dressed, 8)).toEqual(plain);
        },
      ),
    );
  });
});
