// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { apiLine, clipLine, clipText, hasBidiControls, showBidiControls } from './display-text';

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
    expect(hasBidiControls('ada@example.com')).toBe(false);
    expect(hasBidiControls('ada\u202E@example.com')).toBe(true);
    expect(hasBidiControls('ada\u200F@example.com')).toBe(true);
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
