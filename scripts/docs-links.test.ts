// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ link only to files in this repository (a clone has nothing beside it), and
 * every link's file and #heading exist.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCUMENTS = ['README.md', 'docs/ui-contract.md'];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(markdown: string): Set<string> {
  return new Set(
    [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) =>
      (heading as string)
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  );
}

function links(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target as string);
}

describe.each(DOCUMENTS)('%s', (document) => {
  const text = readFileSync(join(ROOT, document), 'utf8');

  it('has links to check', () => {
    expect(links(text).length).toBeGreaterThan(0);
  });

  it('links only to files and headings inside the repository', () => {
    const broken = links(text).filter((target) => {
      if (/^https?:/.test(target)) return false;
      const [path = '', anchor] = target.split('#');
      const file =
        path === '' ? join(ROOT, document) : resolve(dirname(join(ROOT, document)), path);
      if (relative(ROOT, file).startsWith('..') || !existsSync(file)) return true;
      return anchor !== undefined && !anchors(readFileSync(file, 'utf8')).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  it('points nowhere outside the repository in prose either', () => {
    expect(text).not.toMatch(/\.\.\/shared\//);
  });
});
