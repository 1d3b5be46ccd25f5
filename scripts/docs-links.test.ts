// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commentProse, commentsOf } from './code-comments';

/**
 * The documents and the code's comments cite only what is in this repository (a clone has nothing
 * beside it): every Markdown file's links reach a file and heading that exist, and every comment
 * that names a file, a document or a document's section names one that exists.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Not the project's files: installed, built, or written by a run. */
const SKIPPED = new Set([
  'node_modules',
  '.git',
  'dist',
  '.build-meta',
  '.e2e',
  'bench-results',
  'test-results',
  'playwright-report',
  'coverage',
]);

function walk(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (SKIPPED.has(entry.name)) return [];
    if (entry.isDirectory()) return walk(path, keep);
    return keep(path) ? [path] : [];
  });
}

const DOCUMENTS = walk('', (file) => file.endsWith('.md'));
/** The documents the README links to by reader; each must exist and be linked. */
const READER_DOCUMENTS = [
  'docs/guide.md',
  'docs/configuration.md',
  'docs/deploy.md',
  'docs/development.md',
  'docs/performance.md',
  'docs/security.md',
];

/** Where code lives, with the configuration files at the top. */
const CODE = [
  ...['src', 'scripts', 'e2e', 'deploy', '.ci'].flatMap((dir) =>
    walk(dir, (file) => /\.(tsx?|js|css|html|envsh|template)$|^\.ci\//.test(file)),
  ),
  ...readdirSync(ROOT).filter((file) =>
    /^(Dockerfile|index\.html|[\w-]+\.config\.(ts|js))$/.test(file),
  ),
];
/** Files a comment names that a run writes, not the repository. */
const WRITTEN_BY_RUNS = new Set(['error-context.md']);

function headingText(line: string): string {
  return line
    .replace(/`/g, '')
    .replace(/^§?\d+(\.\d+)*\.?\s+/, '')
    .trim();
}

function headings(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '');
  return [...withoutCode.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => heading as string);
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(markdown: string): Set<string> {
  return new Set(
    headings(markdown).map((heading) =>
      heading
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

/** Points outside the repository, whatever the file: the team's own notes are not shipped. */
const OUTSIDE = /\bstyle\.md\b|\.\.\/shared\/|\/work\//;

describe.each(DOCUMENTS)('%s', (document) => {
  const text = readFileSync(join(ROOT, document), 'utf8');

  it('links only to files and headings inside the repository', () => {
    const broken = links(text).filter((target) => {
      if (/^(https?|mailto):/.test(target)) return false;
      const [path = '', anchor] = target.split('#');
      const file =
        path === '' ? join(ROOT, document) : resolve(dirname(join(ROOT, document)), path);
      if (relative(ROOT, file).startsWith('..') || !existsSync(file)) return true;
      if (anchor === undefined) return false;
      return statSync(file).isDirectory() || !anchors(readFileSync(file, 'utf8')).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  it('points nowhere outside the repository in prose either', () => {
    expect(text).not.toMatch(OUTSIDE);
  });
});

describe('the documents', () => {
  it('are found, the README and every reader document among them', () => {
    expect(DOCUMENTS).toEqual(expect.arrayContaining(['README.md', ...READER_DOCUMENTS]));
  });

  it('are reached from the README', () => {
    const readme = links(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    for (const document of [...READER_DOCUMENTS, 'docs/decisions/']) {
      expect(readme.some((target) => target.startsWith(document))).toBe(true);
    }
  });

  it('give the README’s two commands, and CI runs its test command', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('npm install && npm run demo');
    expect(readme).toContain('npm install && npm test');
    expect(readFileSync(join(ROOT, '.ci/run'), 'utf8')).toMatch(/^npm install && npm test$/m);
  });
});

interface Citation {
  file: string;
  cites: string;
}

/** What a comment cites that does not exist, or that is outside the repository. */
function brokenCitations(file: string, prose: string): Citation[] {
  const broken: Citation[] = [];
  const exists = (path: string) =>
    ['', '.ts', '.tsx'].some((extension) => existsSync(`${path}${extension}`));
  const inside = (path: string) => !relative(ROOT, path).startsWith('..');

  if (OUTSIDE.test(prose)) broken.push({ file, cites: prose.match(OUTSIDE)?.[0] ?? '' });
  // Paths from the repository's top, a file or a folder.
  for (const [, path] of prose.matchAll(
    /(?<![\w.@/:-])((?:src|scripts|e2e|deploy|docs|public|\.ci)\/[\w./-]*)/g,
  )) {
    const trimmed = (path as string).replace(/[./]+$/, '');
    if (!exists(join(ROOT, trimmed))) broken.push({ file, cites: trimmed });
  }
  // Paths from the comment's own file (a URL's `.//host` is not one).
  for (const [, path] of prose.matchAll(/(?<![\w.])(\.\.?\/[\w.-][\w./-]*)/g)) {
    const resolved = resolve(dirname(join(ROOT, file)), (path as string).replace(/[./]+$/, ''));
    if (!inside(resolved) || !exists(resolved)) broken.push({ file, cites: path as string });
  }
  // A Markdown file by name alone is at the top or in docs/.
  for (const [, name] of prose.matchAll(/(?<![\w./-])([\w-]+\.md)\b/g)) {
    const known = ['', 'docs/', 'docs/decisions/'].some((dir) =>
      existsSync(join(ROOT, dir, name!)),
    );
    if (!known && !WRITTEN_BY_RUNS.has(name!)) broken.push({ file, cites: name! });
  }
  // A document's section: the document, then the heading in quotes.
  for (const [, document, section] of prose.matchAll(
    /\b(README(?:\.md)?|(?:docs\/[\w/-]+|[\w-]+)\.md)[,:]?\s*\(?\s*["“]([^"”]+)["”]/g,
  )) {
    const path = document!.startsWith('README')
      ? 'README.md'
      : document!.includes('/')
        ? document!
        : `docs/${document}`;
    const titles = existsSync(join(ROOT, path))
      ? headings(readFileSync(join(ROOT, path), 'utf8')).map(headingText)
      : [];
    const wanted = section!.toLowerCase();
    if (!titles.some((title) => title.toLowerCase() === wanted)) {
      broken.push({ file, cites: `${path}, "${section}"` });
    }
  }
  return [...new Map(broken.map((citation) => [citation.cites, citation])).values()];
}

describe('code comments', () => {
  it('are read from the code and its configuration', () => {
    // Not passing by reading nothing.
    expect(CODE.length).toBeGreaterThan(300);
    expect(CODE).toEqual(
      expect.arrayContaining([
        'src/main.tsx',
        'deploy/18-admin-console.envsh',
        'Dockerfile',
        'vite.config.ts',
        '.ci/run',
      ]),
    );
  });

  it('cite only files, documents and sections inside the repository', () => {
    const broken = CODE.flatMap((file) =>
      commentsOf(file, readFileSync(join(ROOT, file), 'utf8')).flatMap((comment) =>
        brokenCitations(file, commentProse(comment)),
      ),
    );
    expect(broken).toEqual([]);
  }, 30_000);

  it('are checked by rules that can fail', () => {
    const cited = (prose: string) => brokenCitations('src/lib/example.ts', prose);
    expect(cited('See style.md, "Where tokens come from".')).not.toEqual([]);
    expect(cited('As ../../../shared/ui-contract.md says.')).not.toEqual([]);
    expect(cited('Read src/lib/no-such-file.ts.')).toEqual([
      { file: 'src/lib/example.ts', cites: 'src/lib/no-such-file.ts' },
    ]);
    expect(cited('Beside ./no-such-module.')).not.toEqual([]);
    expect(cited('See notes.md.')).not.toEqual([]);
    expect(cited('README, "No such heading"')).not.toEqual([]);
    expect(cited('(docs/deploy.md, "No such heading")')).not.toEqual([]);
    expect(cited('See src/lib/config.ts and ./api-client (README, "Two commands").')).toEqual([]);
  });
});
