// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatJson } from './json-text';

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

describe('formatJson', () => {
  it('prints like JSON.stringify with two spaces', () => {
    const value = { a: [1, 'two', null, { b: true }], c: {}, d: [] };
    expect(formatJson(value)).toEqual({ text: JSON.stringify(value, null, 2), truncated: false });
  });

  it('stops at the depth limit instead of running out of stack', () => {
    const { text, truncated } = formatJson(nested(100_000));
    expect(truncated).toBe(true);
    expect(text).toContain('{…}');
    expect(text.length).toBeLessThan(50_000);
  });

  it('stops at the size limit', () => {
    const { text, truncated } = formatJson(
      Array.from({ length: 100_000 }, (_, i) => i),
      {
        maxChars: 1_000,
      },
    );
    expect(truncated).toBe(true);
    expect(text.length).toBeLessThanOrEqual(1_002);
  });
});
