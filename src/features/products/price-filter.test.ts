// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkDrafts, checkPrice, reconcileDrafts } from './price-filter';

describe('checkPrice', () => {
  it.each([
    ['', undefined],
    ['  ', undefined],
    ['0', '0'],
    ['10', '10'],
    ['10.5', '10.5'],
    ['10.50', '10.5'],
    [' 20.25 ', '20.25'],
    ['.5', '0.5'],
    ['10.', '10'],
    ['19.999', '19.999'],
    ['0.1000000000000000000001', '0.1000000000000000000001'],
    ['10000000000', '10000000000'],
    ['1e3', '1000'],
    ['1e21', '1000000000000000000000'],
  ])('reads %j as %j', (text, value) => {
    expect(checkPrice(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['-5', /negative/],
    ['-0.5', /negative/],
    ['abc', /Enter a number/],
    ['1,5', /Enter a number/],
    ['1e999', /too many digits/],
    ['1.2.3', /Enter a number/],
    ['Infinity', /Enter a number/],
  ])('refuses %j', (text, problem) => {
    const checked = checkPrice(text);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problem).toMatch(problem);
  });
});

describe('checkDrafts', () => {
  it('gives trimmed filters, leaving out empty boxes', () => {
    expect(checkDrafts({ category: ' Books ', minPrice: '', maxPrice: '5' }, 'maxPrice')).toEqual({
      ok: true,
      filters: { category: 'Books', minPrice: undefined, maxPrice: '5' },
    });
  });

  it('compares bounds exactly, every decimal counted', () => {
    const drafts = { category: '', minPrice: '20.0000000000000000001', maxPrice: '20' };
    expect(checkDrafts(drafts, 'minPrice').ok).toBe(false);
    expect(checkDrafts({ ...drafts, minPrice: '19.999' }, 'minPrice')).toEqual({
      ok: true,
      filters: { category: undefined, minPrice: '19.999', maxPrice: '20' },
    });
  });

  it('reports a min above the max on the box changed last', () => {
    const drafts = { category: '', minPrice: '30', maxPrice: '20' };
    expect(checkDrafts(drafts, 'minPrice')).toEqual({
      ok: false,
      errors: { minPrice: 'Min price must not be more than max price.' },
    });
    expect(checkDrafts(drafts, 'maxPrice')).toEqual({
      ok: false,
      errors: { maxPrice: 'Max price must not be less than min price.' },
    });
  });

  it('reports each unreadable box', () => {
    const checked = checkDrafts({ category: '', minPrice: 'x', maxPrice: '-1' }, 'maxPrice');
    expect(checked).toEqual({
      ok: false,
      errors: {
        minPrice: expect.stringMatching(/number/),
        maxPrice: expect.stringMatching(/negative/),
      },
    });
  });
});

describe('reconcileDrafts', () => {
  it('keeps text that already means what the URL says', () => {
    const drafts = { category: 'Books ', minPrice: '10.50', maxPrice: '' };
    expect(reconcileDrafts(drafts, { category: 'Books', minPrice: '10.5' })).toBe(drafts);
  });

  it('shows the URL where the text means something else', () => {
    expect(
      reconcileDrafts({ category: 'Toys', minPrice: 'abc', maxPrice: '9' }, { minPrice: '3' }),
    ).toEqual({ category: '', minPrice: '3', maxPrice: '' });
  });
});
