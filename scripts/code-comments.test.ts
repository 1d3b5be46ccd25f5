// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { commentProse, commentsOf } from './code-comments';

describe('commentsOf', () => {
  it('reads line, block and doc comments of TypeScript, wherever they sit', () => {
    const text = [
      '/** Opening. */',
      'export function f(a: number) {',
      '  const b = a / 2; // trailing',
      '  try {',
      '    return b;',
      '  } catch {',
      '    // inside an empty block',
      '  }',
      '}',
      '// at the end',
    ].join('\n');
    expect(commentsOf('x.ts', text)).toEqual([
      '/** Opening. */',
      '// trailing',
      '// inside an empty block',
      '// at the end',
    ]);
  });

  it('takes nothing from strings, templates, regular expressions or JSX text', () => {
    const text = [
      "const url = 'https://example.com/style.md';",
      'const t = `// ${url} /* not */`;',
      'const re = /\\/\\/ not a comment/;',
      'export const A = () => <a href="x">//text and don\'t /* this */</a>;',
      'const B = () => <p>{/* but this */}</p>;',
    ].join('\n');
    expect(commentsOf('x.tsx', text)).toEqual(['/* but this */']);
  });

  it('reads # comments of shell and nginx files, and CSS and HTML comments', () => {
    expect(commentsOf('hook.envsh', '#!/bin/sh\n# one\necho "$#" # two\n')).toEqual([
      '# one',
      '# two',
    ]);
    expect(commentsOf('a.css', 'a { color: red; } /* why */')).toEqual(['/* why */']);
    expect(commentsOf('index.html', '<p>x</p><!-- why -->')).toEqual(['<!-- why -->']);
  });
});

describe('commentProse', () => {
  it('joins a comment’s lines without its markers', () => {
    expect(commentProse('/**\n * See docs/deploy.md,\n * "The start-up hook".\n */')).toBe(
      'See docs/deploy.md, "The start-up hook".',
    );
    expect(commentProse('# (README,\n#   "Two commands")')).toBe('(README, "Two commands")');
    expect(commentProse('// one')).toBe('one');
  });
});
