// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  apiLine,
  clipLine,
  clipText,
  hasHiddenMarks,
  showBidiControls,
  showHiddenMarks,
} from './display-text';

describe('showBidiControls', () => {
  it('shows an override instead of letting it reverse the text', () => {
    expect(showBidiControls('Admin \u202Egnp.exe\u202C')).toBe('Admin [U+202E]gnp.exe[U+202C]');
    expect(showBidiControls('a\u2066b\u2069')).toBe('a[U+2066]b[U+2069]');
  });

  it('keeps right-to-left text itself', () => {
    expect(showBidiControls('שלום عليكم')).toBe('שלום عليكم');
  });
});

describe('the invisible marks', () => {
  it('marks LRM, RLM, the Arabic letter mark and the zero-width space, in one-line places too', () => {
    expect(showBidiControls('a\u200Eb\u200Fc\u061Cd\u200Be')).toBe(
      'a[U+200E]b[U+200F]c[U+61C]d[U+200B]e',
    );
    expect(apiLine('ad\u200Bmin', 100)).toBe('ad[U+200B]min');
  });
});

describe('hidden marks, which a link must not carry', () => {
  it('finds the bidi controls, and what else draws nothing: joiners, the soft hyphen, tags', () => {
    expect(hasHiddenMarks('ada@example.com')).toBe(false);
    expect(hasHiddenMarks('zoë.ßaño@example.com')).toBe(false);
    expect(hasHiddenMarks('שלום@example.com')).toBe(false);
    for (const hidden of [
      '\u202E',
      '\u200F',
      '\u200B',
      '\u2060',
      '\u00AD',
      '\u200D',
      '\u200C',
      '\uFEFF',
      '\uFE0F',
      '\u{E0041}',
      '\u{E007F}',
      '\u0007',
    ]) {
      expect(
        hasHiddenMarks(`ada${hidden}@example.com`),
        `U+${hidden.codePointAt(0)?.toString(16)}`,
      ).toBe(true);
    }
  });

  it('shows each of them marked, tag characters whole', () => {
    expect(showHiddenMarks('ad\u2060a@ex\u00ADample.com')).toBe('ad[U+2060]a@ex[U+AD]ample.com');
    expect(showHiddenMarks('a\u200Db\u{E0061}\u202E')).toBe('a[U+200D]b[U+E0061][U+202E]');
    expect(showHiddenMarks('zoë@example.com')).toBe('zoë@example.com');
  });
});

describe('clipText', () => {
  it('keeps short text whole', () => {
    expect(clipText('abc', 3)).toEqual({ text: 'abc', omitted: 0 });
  });

  it('cuts long text and counts the rest', () => {
    expect(clipText('abcdef', 4)).toEqual({ text: 'abcd', omitted: 2 });
  });

  it('does not split a surrogate pair', () => {
    expect(clipText('ab😀c', 3)).toEqual({ text: 'ab', omitted: 3 });
  });
});

describe('clipLine', () => {
  it('says how much is missing', () => {
    expect(clipLine('x'.repeat(2005), 5)).toBe('xxxxx… (2,000 more characters)');
    expect(clipLine('short', 10)).toBe('short');
  });
});
