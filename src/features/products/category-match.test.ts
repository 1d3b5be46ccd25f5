// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalCategory,
  categorySuggestions,
  foldCategory,
  isCategoryPrefix,
  matchCategory,
  similarCategories,
} from './category-match';

const KNOWN = ['Books', 'Café', 'Cafe', 'Électronique', 'Home & Garden', 'Toys & Games'];

describe('matchCategory', () => {
  it.each([
    ['Books', 'Books'],
    ['books', 'Books'],
    ['electronique', 'Électronique'],
    ['ÉLECTRONIQUE', 'Électronique'],
    ['Electronique', 'Électronique'],
    ['home & garden', 'Home & Garden'],
    // An accent typed is meant: only one of the two has it.
    ['café', 'Café'],
    ['CAFÉ', 'Café'],
    // Typed as known, it is that one.
    ['Cafe', 'Cafe'],
    ['Café', 'Café'],
  ])('takes %j as %j', (typed, known) => {
    expect(matchCategory(typed, KNOWN)).toEqual({ kind: 'known', category: known });
  });

  it('does not guess between two categories that differ only by an accent left out', () => {
    expect(matchCategory('cafe', KNOWN)).toEqual({
      kind: 'ambiguous',
      candidates: ['Café', 'Cafe'],
    });
    expect(matchCategory('CAFE', KNOWN)).toEqual({
      kind: 'ambiguous',
      candidates: ['Café', 'Cafe'],
    });
    expect(canonicalCategory('cafe', KNOWN)).toBe('cafe');
  });

  it('does not guess between two categories that differ only by case', () => {
    expect(matchCategory('BOOKS', ['Books', 'books'])).toEqual({
      kind: 'ambiguous',
      candidates: ['Books', 'books'],
    });
    expect(matchCategory('books', ['Books', 'books'])).toEqual({
      kind: 'known',
      category: 'books',
    });
  });

  it('knows nothing of text that no category folds to', () => {
    expect(matchCategory('toys', KNOWN)).toEqual({ kind: 'unknown' });
    expect(matchCategory('electroniques', KNOWN)).toEqual({ kind: 'unknown' });
    expect(canonicalCategory('toys', KNOWN)).toBe('toys');
    expect(canonicalCategory(undefined, KNOWN)).toBeUndefined();
  });

  it('reads a composed and a decomposed accent alike', () => {
    expect(matchCategory('cafe\u0301', KNOWN)).toEqual({ kind: 'known', category: 'Café' });
    expect(matchCategory('e\u0301lectronique', KNOWN)).toEqual({
      kind: 'known',
      category: 'Électronique',
    });
  });
});

// Short names from letters with and without accents, in both cases, so that folds collide often.
const letter = fc.constantFrom('a', 'A', 'á', 'Á', 'e', 'E', 'é', 'è', 'É', 'c', 'ç', 'Ç', ' ');
const name = fc.array(letter, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''));
const names = fc.uniqueArray(name, { maxLength: 6 });

describe('matchCategory properties', () => {
  it('answers a known category or the text as typed, never another text', () => {
    fc.assert(
      fc.property(names, name, (known, typed) => {
        const answer = canonicalCategory(typed, known);
        expect(answer === typed || known.includes(answer ?? '')).toBe(true);
        // Only ever one the text folds to.
        expect(foldCategory(answer ?? '')).toBe(foldCategory(typed));
      }),
    );
  });

  it('keeps a known category typed exactly', () => {
    fc.assert(
      fc.property(names, (known) => {
        for (const category of known) expect(canonicalCategory(category, known)).toBe(category);
      }),
    );
  });

  it('takes a category typed without case or accents when it is the only one it can be', () => {
    fc.assert(
      fc.property(names, (known) => {
        for (const category of known) {
          const typed = foldCategory(category);
          const same = known.filter((other) => foldCategory(other) === typed);
          const match = matchCategory(typed, known);
          if (known.includes(typed)) expect(match).toEqual({ kind: 'known', category: typed });
          else if (same.length === 1) expect(match).toEqual({ kind: 'known', category });
          else expect(match).toEqual({ kind: 'ambiguous', candidates: same });
        }
      }),
    );
  });

  it('says every category the text could be when it does not choose', () => {
    fc.assert(
      fc.property(names, name, (known, typed) => {
        const match = matchCategory(typed, known);
        if (match.kind !== 'ambiguous') return;
        expect(match.candidates.length).toBeGreaterThan(1);
        expect(match.candidates).toEqual(
          known.filter((other) => foldCategory(other) === foldCategory(typed)),
        );
        // The page offers them all.
        for (const candidate of match.candidates) {
          expect(similarCategories(typed, known)).toContain(candidate);
        }
      }),
    );
  });
});

describe('categorySuggestions', () => {
  it('offers what contains the text, case and accents aside, those starting with it first', () => {
    expect(categorySuggestions('electro', KNOWN)).toEqual(['Électronique']);
    expect(categorySuggestions('ÉLEC', KNOWN)).toEqual(['Électronique']);
    expect(categorySuggestions('caf', KNOWN)).toEqual(['Café', 'Cafe']);
    expect(categorySuggestions('game', KNOWN)).toEqual(['Toys & Games']);
    expect(categorySuggestions('e', ['Home & Garden', 'Électronique'])).toEqual([
      'Électronique',
      'Home & Garden',
    ]);
    expect(categorySuggestions('', KNOWN)).toEqual(KNOWN);
    expect(categorySuggestions('  ', KNOWN)).toEqual(KNOWN);
    expect(categorySuggestions('zzz', KNOWN)).toEqual([]);
  });

  it('offers each known category that contains the text, and only those, once', () => {
    fc.assert(
      fc.property(fc.array(name, { maxLength: 6 }), name, (known, typed) => {
        const offered = categorySuggestions(typed, known);
        expect(new Set(offered).size).toBe(offered.length);
        expect(new Set(offered)).toEqual(
          new Set(known.filter((k) => foldCategory(k).includes(foldCategory(typed.trim())))),
        );
      }),
    );
  });
});

describe('similarCategories', () => {
  it('offers the categories a text that found nothing may have meant', () => {
    expect(similarCategories('toys', KNOWN)).toEqual(['Toys & Games']);
    expect(similarCategories('cafe', KNOWN)).toEqual(['Café', 'Cafe']);
    expect(similarCategories('Cafe', KNOWN)).toEqual(['Café']);
    expect(similarCategories('electron', KNOWN)).toEqual(['Électronique']);
    expect(similarCategories('Books for children', KNOWN)).toEqual(['Books']);
    expect(similarCategories(' ', KNOWN)).toEqual([]);
  });
});

describe('isCategoryPrefix', () => {
  it('is the start of a known category, accents aside, and not one itself', () => {
    expect(isCategoryPrefix('hom', KNOWN)).toBe(true);
    expect(isCategoryPrefix('elec', KNOWN)).toBe(true);
    expect(isCategoryPrefix('électro', KNOWN)).toBe(true);
    expect(isCategoryPrefix('books', KNOWN)).toBe(false);
    expect(isCategoryPrefix('electronique', KNOWN)).toBe(false);
    expect(isCategoryPrefix('Bookshelves', KNOWN)).toBe(false);
    expect(isCategoryPrefix(undefined, KNOWN)).toBe(false);
    // Ambiguous, and the start of a longer one: not a choice either.
    expect(isCategoryPrefix('cafe', [...KNOWN, 'Cafeteria'])).toBe(true);
  });
});
