import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowedEdits, closestName, editDistance, foldName } from './similar-name';

const word = fc.string({ unit: fc.constantFrom(...'abcdeAB_-'), maxLength: 12 });
const identifier = fc.stringMatching(/^[a-z][a-zA-Z]{2,15}$/);

/** `text` with one edit at `at`: a character inserted, deleted, replaced, or two swapped. */
const oneEdit = (text: string) =>
  fc
    .record({
      kind: fc.constantFrom('insert', 'delete', 'replace', 'swap'),
      at: fc.nat({ max: Math.max(0, text.length - 1) }),
      char: fc.constantFrom(...'xyzq'),
    })
    .map(({ kind, at, char }) => {
      if (kind === 'insert') return text.slice(0, at) + char + text.slice(at);
      if (kind === 'delete') return text.slice(0, at) + text.slice(at + 1);
      if (kind === 'replace') return text.slice(0, at) + char + text.slice(at + 1);
      return at + 1 < text.length
        ? text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2)
        : text;
    });

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['abc', '', 3],
    ['kitten', 'sitting', 3],
    ['oidc', 'odic', 1],
    ['ca', 'abc', 3],
    ['apibaseurl', 'apibaseuri', 1],
    ['😀a', 'a😀', 1],
  ])('from %j to %j is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
  });

  it('is zero exactly between equal names, and the same both ways', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(editDistance(a, a)).toBe(0);
        expect(editDistance(a, b) === 0).toBe(a === b);
        expect(editDistance(a, b)).toBe(editDistance(b, a));
      }),
    );
  });

  it('lies between the difference in length and the longer length', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        const distance = editDistance(a, b);
        expect(distance).toBeGreaterThanOrEqual(Math.abs(a.length - b.length));
        expect(distance).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });

  it('counts one insertion, deletion, replacement or swap as one edit', () => {
    fc.assert(
      fc.property(
        word.chain((text) => fc.tuple(fc.constant(text), oneEdit(text))),
        ([text, edited]) => {
          expect(editDistance(text, edited)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

const SETTINGS = ['apiBaseUrl', 'apis', 'oidc', 'requestTimeoutMs', 'imageOrigins', 'categories'];

describe('closestName', () => {
  it.each([
    ['apiBaseURL', 'apiBaseUrl'],
    ['api_base_url', 'apiBaseUrl'],
    ['apiBaseUri', 'apiBaseUrl'],
    ['apiBaseUrl ', 'apiBaseUrl'],
    ['baseUrl', 'apiBaseUrl'],
    ['api', 'apis'],
    ['odic', 'oidc'],
    ['OIDC', 'oidc'],
    ['imageOrigin', 'imageOrigins'],
    ['timeout', 'requestTimeoutMs'],
    ['requestTimeout', 'requestTimeoutMs'],
    ['category', 'categories'],
    ['Categories', 'categories'],
  ])('takes %j for %j', (name, meant) => {
    expect(closestName(name, SETTINGS)).toBe(meant);
  });

  it.each(['', '_', 'url', 'x', 'port', 'clientSecret', 'embedOrigins2000', 'issuer'])(
    'guesses nothing for %j, which is close to no setting',
    (name) => {
      expect(closestName(name, SETTINGS)).toBeUndefined();
    },
  );

  it('prefers the nearer name, and a near name to one that holds it whole', () => {
    expect(closestName('clientID', ['clientId', 'client'])).toBe('clientId');
    expect(closestName('issuerUrl', ['issuer', 'issuerUri'])).toBe('issuerUri');
    expect(closestName('issuerUrl', ['issuer'])).toBe('issuer');
  });

  it('finds a known name again through any one edit, whatever its case and separators', () => {
    fc.assert(
      fc.property(
        fc.array(identifier, { minLength: 1, maxLength: 6 }).chain((known) =>
          fc.tuple(
            fc.constant(known),
            fc.constantFrom(...known).chain((meant) => oneEdit(meant)),
            fc.boolean(),
          ),
        ),
        ([known, typo, shout]) => {
          const written = shout ? typo.toUpperCase().replace(/(.)(.)/, '$1_$2') : typo;
          const guess = closestName(written, known);
          // Another known name may be as near as the one meant; never a farther one.
          expect(guess).toBeDefined();
          expect(editDistance(foldName(typo), foldName(guess as string))).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('guesses only a known name, and only one that is near or held whole', () => {
    fc.assert(
      fc.property(word, fc.array(word, { maxLength: 6 }), (name, known) => {
        const guess = closestName(name, known);
        if (guess === undefined) return;
        expect(known).toContain(guess);
        const [a, b] = [foldName(name), foldName(guess)];
        const shorter = Math.min(a.length, b.length);
        const near = editDistance(a, b) <= allowedEdits(shorter);
        const held = shorter >= 4 && (a.includes(b) || b.includes(a));
        expect(near || held).toBe(true);
        // Nothing else in the list is nearer.
        for (const other of known) {
          if (near)
            expect(editDistance(a, foldName(other))).toBeGreaterThanOrEqual(editDistance(a, b));
        }
      }),
    );
  });
});
