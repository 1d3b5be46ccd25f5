// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMetaDir } from './build-meta';
import {
  analyseBuild,
  cardSize,
  checkBudgets,
  JS_BUDGET_BYTES,
  OWN_JS_BUDGET_BYTES,
  scanDist,
} from './check-budgets';
import type { OriginRange } from './chunk-origins';

const SECRET = 'test-secret-123';

interface FakeChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  modules?: string[];
  code?: string;
  /** Whose code the file is, by range; all the console's own unless given. */
  origins?: OriginRange[];
}

let outDir: string;

beforeEach(() => {
  outDir = mkdtempSync(join(tmpdir(), 'budgets-'));
});
afterEach(() => {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(buildMetaDir(outDir), { recursive: true, force: true });
});

function write(file: string, content: string) {
  const path = join(outDir, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

/**
 * A build shaped like ours: an entry, four lazy route modules, the person card's start, a shared
 * table chunk, the demo.
 */
function fakeBuild(overrides: Record<string, Partial<FakeChunk>> = {}) {
  const chunks: Record<string, FakeChunk> = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      css: ['assets/index.css'],
      dynamicImports: [
        'src/app/routes/login-route.tsx',
        'src/app/routes/users-route.tsx',
        'src/app/routes/user-route.tsx',
        'src/app/routes/products-route.tsx',
        'src/app/embed-start.tsx',
        'src/mocks/browser.ts',
      ],
      modules: ['node_modules/react-dom/client.js', 'src/main.tsx'],
    },
    'src/app/routes/login-route.tsx': {
      file: 'assets/login-route.js',
      imports: ['index.html'],
      modules: ['src/app/routes/login-route.tsx', 'src/features/auth/login-page.tsx'],
    },
    'src/app/routes/users-route.tsx': {
      file: 'assets/users-route.js',
      imports: ['index.html', '_data-table.js'],
      modules: ['src/app/routes/users-route.tsx', 'src/features/users/users-list-page.tsx'],
    },
    'src/app/routes/user-route.tsx': {
      file: 'assets/user-route.js',
      imports: ['index.html'],
      modules: ['src/app/routes/user-route.tsx'],
    },
    'src/app/routes/products-route.tsx': {
      file: 'assets/products-route.js',
      imports: ['index.html', '_data-table.js'],
      modules: ['src/app/routes/products-route.tsx'],
    },
    'src/app/embed-start.tsx': {
      file: 'assets/embed-start.js',
      imports: ['index.html'],
      modules: ['src/app/embed-start.tsx'],
    },
    '_data-table.js': {
      file: 'assets/data-table.js',
      modules: [
        'node_modules/@tanstack/table-core/build/lib/index.mjs',
        'src/components/data-table/data-table.tsx',
      ],
    },
    'src/mocks/browser.ts': {
      file: 'assets/browser.js',
      modules: ['node_modules/msw/lib/browser/index.mjs', 'src/mocks/jwt.ts'],
      code: `const secret = "${SECRET}";`,
    },
  };
  for (const [key, override] of Object.entries(overrides)) {
    chunks[key] = { ...(chunks[key] as FakeChunk), ...override };
  }
  const manifest: Record<string, object> = {};
  const modules: Record<string, string[]> = {};
  const origins: Record<string, OriginRange[]> = {};
  for (const [key, { modules: ids = [], code, origins: ranges, ...chunk }] of Object.entries(
    chunks,
  )) {
    manifest[key] = {
      ...chunk,
      name: key.replace(/^(.*\/|_)/, '').replace(/\..*$/, ''),
      ...(key.startsWith('src/') ? { src: key, isDynamicEntry: true } : {}),
    };
    modules[chunk.file] = ids;
    const text = code ?? `console.log(${JSON.stringify(key)});`;
    origins[chunk.file] = ranges ?? [['own', 0, text.length]];
    write(chunk.file, text);
  }
  write('assets/index.css', 'body{margin:0}');
  write('index.html', '<script type="module" src="/assets/index.js"></script>');
  write('mockServiceWorker.js', 'self.addEventListener("fetch", () => {});');
  mkdirSync(buildMetaDir(outDir), { recursive: true });
  writeFileSync(join(buildMetaDir(outDir), 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(buildMetaDir(outDir), 'chunk-modules.json'), JSON.stringify(modules));
  writeFileSync(join(buildMetaDir(outDir), 'chunk-origins.json'), JSON.stringify(origins));
}

function problems() {
  const analysis = analyseBuild(outDir);
  return [...checkBudgets(analysis), ...scanDist(outDir, analysis.demoFiles, SECRET)];
}

describe('check-budgets', () => {
  it('passes a build that keeps the split and ships nothing it should not', () => {
    fakeBuild();
    expect(problems()).toEqual([]);
    const analysis = analyseBuild(outDir);
    const users = analysis.routes.find((route) => route.page === '/users');
    expect(users?.js.map(({ file }) => file).sort()).toEqual([
      'assets/data-table.js',
      'assets/index.js',
      'assets/users-route.js',
    ]);
    expect(users?.css.map(({ file }) => file)).toEqual(['assets/index.css']);
    expect([...analysis.demoFiles].sort()).toEqual(['assets/browser.js', 'mockServiceWorker.js']);
  });

  it('reports the person card’s bytes: every page’s, and its own beyond them', () => {
    fakeBuild({
      'src/app/embed-start.tsx': {
        file: 'assets/embed-start.js',
        imports: ['index.html', '_data-table.js'],
        code: 'x'.repeat(5_000),
      },
    });
    const gzipOf = (file: string) => gzipSync(readFileSync(join(outDir, file))).length;
    const own = gzipOf('assets/embed-start.js') + gzipOf('assets/data-table.js');
    expect(cardSize(outDir)).toEqual({
      jsGzip: gzipOf('assets/index.js') + own,
      ownGzip: own,
      ownFiles: 2,
    });
  });

  it('reports the person card in the split beside the pages, within the same budgets', () => {
    const library = `function lib(){${'a=b+c;'.repeat(50)}}`;
    const own = randomBytes(OWN_JS_BUDGET_BYTES * 1.2).toString('base64');
    fakeBuild({
      'src/app/embed-start.tsx': {
        code: library + own,
        origins: [
          ['library', 0, library.length],
          ['own', library.length, library.length + own.length],
        ],
      },
    });
    const analysis = analyseBuild(outDir);
    const card = analysis.routes.find((route) => route.page === '/embed/person');
    expect(card?.jsGzip).toBe(cardSize(outDir).jsGzip);
    expect(card?.jsOrigins.library).toBeGreaterThan(0);
    expect(card?.jsOrigins.own).toBeGreaterThan(OWN_JS_BUDGET_BYTES);
    expect(problems()).toEqual([
      expect.stringMatching(/^\/embed\/person runs 4\d\.\d KB of the console's own .*embed-start/),
    ]);
  });

  it('shares each page’s JavaScript among libraries, the console’s own code and the bundler', () => {
    const library = `function lib(){${'a=b+c;'.repeat(50)}}`;
    const own = `import"./r.js";${randomBytes(300).toString('base64')}`;
    fakeBuild({
      '_data-table.js': {
        code: library + own,
        origins: [
          ['library', 0, library.length],
          ['bundler', library.length, library.length + 14],
          ['own', library.length + 14, library.length + own.length],
        ],
      },
    });
    const users = analyseBuild(outDir).routes.find((route) => route.page === '/users');
    const { library: libraries, own: ownBytes, bundler } = users?.jsOrigins ?? {};
    expect((libraries ?? 0) + (ownBytes ?? 0) + (bundler ?? 0)).toBe(users?.jsGzip);
    // The repeated library code compresses to little; the random own code does not.
    expect(libraries).toBeGreaterThan(0);
    expect(ownBytes).toBeGreaterThan(4 * (libraries ?? 0));
    expect(bundler).toBeGreaterThan(0);
  });

  it('refuses a build whose metadata does not say whose code a file is', () => {
    fakeBuild();
    const originsPath = join(buildMetaDir(outDir), 'chunk-origins.json');
    writeFileSync(originsPath, JSON.stringify({ 'assets/index.js': [['own', 0, 10]] }));
    expect(() => analyseBuild(outDir)).toThrow(
      /does not say whose code assets\/login-route\.js is/,
    );
  });

  it('fails when a page needs more JavaScript than the budget, naming the largest chunks', () => {
    // Random bytes do not compress, so the gzipped size is over budget.
    const code = randomBytes(JS_BUDGET_BYTES).toString('base64');
    fakeBuild({ '_data-table.js': { code, origins: [['library', 0, code.length]] } });
    const found = problems();
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(
      /^\/users loads .* over the 145\.0 KB budget \(libraries 1\d\d\.\d KB, own 0\.\d KB; largest: data-table/,
    );
    expect(found[1]).toMatch(/^\/products loads/);
  });

  it('fails when a page runs more of the console’s own code than its budget, naming where it is', () => {
    const code = randomBytes(OWN_JS_BUDGET_BYTES * 1.2).toString('base64');
    fakeBuild({ '_data-table.js': { code, origins: [['library', 0, code.length]] } });
    expect(problems()).toEqual([]);

    fakeBuild({ '_data-table.js': { code } });
    const found = problems();
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(
      /^\/users runs 4\d\.\d KB of the console's own gzipped JavaScript before its first render, over the 40\.0 KB budget for own code \(most in: data-table 4\d\.\d KB/,
    );
    expect(found[1]).toMatch(/^\/products runs/);
  });

  it('fails when the sign-in page downloads table code', () => {
    fakeBuild({ 'src/app/routes/login-route.tsx': { imports: ['index.html', '_data-table.js'] } });
    expect(problems()).toEqual([
      expect.stringMatching(
        /^The sign-in page downloads table code: node_modules\/@tanstack\/table-core/,
      ),
    ]);
  });

  it('fails when a chunk outside the demo contains the mock API', () => {
    fakeBuild({
      'index.html': { modules: ['src/main.tsx', 'node_modules/msw/lib/core/index.mjs'] },
    });
    expect(problems()).toEqual([
      expect.stringMatching(/^assets\/index\.js is loaded outside demo mode but contains mock/),
    ]);
  });

  it('fails on the demo secret outside the demo, source maps and loopback API defaults', () => {
    fakeBuild({
      'src/app/routes/user-route.tsx': {
        code: `const a = "${SECRET}"; fetch("http://127.0.0.1:4010/v1/users");`,
      },
    });
    write('assets/index.js.map', '{}');
    write('assets/extra.js', 'x()\n//# sourceMappingURL=extra.js.map');
    write('config.json', '{"apiBaseUrl":"http://localhost:4010"}');
    const found = problems();
    expect(found).toEqual(
      expect.arrayContaining([
        "assets/user-route.js contains the demo signing secret outside the demo's chunks.",
        expect.stringMatching(/^assets\/user-route\.js contains a loopback address/),
        'assets/index.js.map is a source map; the build must not emit them.',
        'assets/extra.js references a source map (sourceMappingURL).',
        expect.stringMatching(/^config\.json contains a loopback address "http:\/\/localhost:4/),
      ]),
    );
    expect(found).toHaveLength(5);
  });

  it('counts a script index.html loads besides the entry (the boot script) on every page', () => {
    fakeBuild({ '_boot.js': { file: 'assets/boot.js', code: 'window.boot = 1;' } });
    write(
      'index.html',
      '<script async src="/assets/boot.js"></script><script type="module" src="/assets/index.js"></script>',
    );
    const analysis = analyseBuild(outDir);
    for (const route of analysis.routes) {
      expect(route.js.map(({ file }) => file)).toContain('assets/boot.js');
    }
    expect(analysis.appFiles).toContain('assets/boot.js');
    expect(analysis.demoFiles).not.toContain('assets/boot.js');
  });

  it('counts the stylesheet index.html links (one CSS file for the build) on every page, not as demo', () => {
    fakeBuild({
      'index.html': { css: [] },
      'style.css': { file: 'assets/style.css', code: 'body{margin:0}' },
    });
    write(
      'index.html',
      '<link rel="stylesheet" crossorigin href="/assets/style.css"><script type="module" src="/assets/index.js"></script>',
    );
    const analysis = analyseBuild(outDir);
    for (const route of analysis.routes) {
      expect(route.css.map(({ file }) => file)).toEqual(['assets/style.css']);
    }
    expect(analysis.demoFiles).not.toContain('assets/style.css');
  });

  it('fails when build metadata would be deployed', () => {
    fakeBuild();
    write('.vite/manifest.json', '{}');
    expect(problems()).toEqual([
      '.vite/manifest.json is build metadata; it belongs outside the deployed directory.',
    ]);
  });

  it('counts a lazy panel as the app’s code, not the demo’s', () => {
    const panel = {
      file: 'assets/requests-panel.js',
      imports: ['index.html'],
      modules: ['src/features/requests/requests-panel.tsx'],
    };
    fakeBuild({
      'index.html': {
        dynamicImports: ['src/app/routes/users-route.tsx', 'src/features/requests/panel.tsx'],
      },
      'src/features/requests/panel.tsx': panel,
    });
    const analysis = analyseBuild(outDir);
    expect(analysis.appFiles).toContain('assets/requests-panel.js');
    expect(analysis.demoFiles).not.toContain('assets/requests-panel.js');
    expect(problems()).toEqual([]);

    fakeBuild({
      'src/features/requests/panel.tsx': {
        ...panel,
        modules: [...panel.modules, 'src/mocks/handlers/users.ts'],
      },
    });
    expect(problems()).toEqual([
      expect.stringMatching(/^assets\/requests-panel\.js is loaded outside demo mode/),
    ]);
  });

  it('lets a bare http://localhost through (a URL parsing base, not an API)', () => {
    fakeBuild({ 'index.html': { code: 'new URL(p, "http://localhost")' } });
    expect(problems()).toEqual([]);
  });
});
