/**
 * Pretty-printed JSON with bounds, for raw views and "Copy JSON". JSON.stringify throws on a value
 * nested a few thousand levels deep (the stack runs out) and happily builds a 100 MB string; an
 * API can send either.
 */
export interface JsonText {
  text: string;
  /** Some of the value is not in `text` (too deep, or past the size limit). */
  truncated: boolean;
}

export const MAX_JSON_DEPTH = 100;
export const MAX_JSON_CHARS = 1_000_000;

export function formatJson(
  value: unknown,
  { maxDepth = MAX_JSON_DEPTH, maxChars = MAX_JSON_CHARS } = {},
): JsonText {
  const parts: string[] = [];
  let length = 0;
  let truncated = false;
  const write = (part: string) => {
    parts.push(part);
    length += part.length;
  };

  // Returns false once the size limit is reached, which stops the whole walk.
  function walk(node: unknown, depth: number, indent: string): boolean {
    if (length > maxChars) {
      truncated = true;
      return false;
    }
    if (node === null || typeof node !== 'object') {
      write(JSON.stringify(node) ?? 'null');
      return true;
    }
    const isArray = Array.isArray(node);
    const entries: [string, unknown][] = isArray
      ? node.map((item, index) => [String(index), item])
      : Object.entries(node);
    if (entries.length === 0) {
      write(isArray ? '[]' : '{}');
      return true;
    }
    if (depth >= maxDepth) {
      truncated = true;
      write(isArray ? '[…]' : '{…}');
      return true;
    }
    const inner = `${indent}  `;
    write(isArray ? '[\n' : '{\n');
    for (const [index, [key, child]] of entries.entries()) {
      write(isArray ? inner : `${inner}${JSON.stringify(key)}: `);
      if (!walk(child, depth + 1, inner)) return false;
      write(index < entries.length - 1 ? ',\n' : '\n');
    }
    write(`${indent}${isArray ? ']' : '}'}`);
    return true;
  }

  walk(value, 0, '');
  const text = parts.join('');
  return truncated ? { text: `${text.slice(0, maxChars)}\n…`, truncated } : { text, truncated };
}
