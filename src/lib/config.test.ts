// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import {
  apiBaseUrlFor,
  apiOriginsOf,
  ConfigError,
  DEMO_API_BASE_URL_PATH,
  DEFAULT_REQUEST_TIMEOUT_MS,
  loadRuntimeConfig,
  resolveApiTarget,
  resolveSettings,
} from './config';
import { readApis } from './config-apis';

describe('resolveApiTarget', () => {
  it('prefers config.json over the build-time value', () => {
    expect(
      resolveApiTarget({ apiBaseUrl: 'https://runtime.example.com' }, 'https://build.example.com'),
    ).toEqual({
      mode: 'api',
      baseUrl: 'https://runtime.example.com',
      origin: 'https://runtime.example.com',
    });
  });

  it('uses the build-time value when config.json has none', () => {
    for (const runtime of [
      undefined,
      {},
      { apiBaseUrl: '' },
      { apiBaseUrl: '  ' },
      { apiBaseUrl: null },
    ]) {
      expect(resolveApiTarget(runtime, 'https://build.example.com')).toMatchObject({
        mode: 'api',
        baseUrl: 'https://build.example.com',
      });
    }
  });

  it.each([
    ['nothing set', undefined, undefined],
    ['empty values', { apiBaseUrl: '' }, ''],
    ['whitespace', { apiBaseUrl: ' \t' }, '  '],
    ['"mock" at build time', undefined, 'mock'],
    ['"mock" in config.json', { apiBaseUrl: 'mock' }, 'https://build.example.com'],
  ])('is demo mode with %s', (_name, runtime, buildTime) => {
    expect(resolveApiTarget(runtime, buildTime)).toEqual({ mode: 'demo' });
  });

  it('keeps a base path and trims trailing slashes', () => {
    expect(resolveApiTarget({ apiBaseUrl: 'https://host.example.com/prefix/' }, undefined)).toEqual(
      {
        mode: 'api',
        baseUrl: 'https://host.example.com/prefix',
        origin: 'https://host.example.com',
      },
    );
    expect(resolveApiTarget(undefined, ' https://HOST.example.com:443/ ')).toEqual({
      mode: 'api',
      baseUrl: 'https://host.example.com',
      origin: 'https://host.example.com',
    });
  });

  it.each(['http://localhost:3001', 'http://127.0.0.1:8080/api', 'http://[::1]:9000'])(
    'allows plain http for loopback %s',
    (url) => {
      const target = resolveApiTarget({ apiBaseUrl: url }, undefined);
      expect(target).toMatchObject({ mode: 'api', baseUrl: url });
    },
  );

  it('refuses http for other hosts with the reason and the place to fix it', () => {
    expect(() => resolveApiTarget({ apiBaseUrl: 'http://api.example.com' }, undefined)).toThrow(
      new ConfigError(
        'API base URL "http://api.example.com" is refused: only https: is allowed (http: only for localhost, 127.0.0.1 and [::1]). Fix apiBaseUrl in config.json.',
      ),
    );
    expect(() => resolveApiTarget(undefined, 'http://localhost.example.com')).toThrow(
      /only https: is allowed.*Fix VITE_API_BASE_URL and rebuild\./,
    );
  });

  it.each([
    ['ftp', 'ftp://files.example.com', /only https: is allowed/],
    ['a relative path', '/api', /not an absolute URL/],
    ['garbage', 'not a url', /not an absolute URL/],
    ['a query', 'https://api.example.com/?v=1', /must not contain a query/],
    ['an empty query', 'https://api.example.com/?', /must not contain a query/],
    ['a fragment', 'https://api.example.com/#x', /must not contain a query \(\?\) or a fragment/],
  ])('refuses %s', (_name, url, message) => {
    expect(() => resolveApiTarget({ apiBaseUrl: url }, undefined)).toThrow(ConfigError);
    expect(() => resolveApiTarget({ apiBaseUrl: url }, undefined)).toThrow(message);
  });

  it('refuses credentials without repeating them', () => {
    const attempt = () =>
      resolveApiTarget({ apiBaseUrl: 'https://me:s3cret@api.example.com' }, undefined);
    expect(attempt).toThrow(/must not contain a user name or password/);
    expect(attempt).toThrow(/"https:\/\/\*\*\*@api\.example\.com\/"/);
    expect(attempt).not.toThrow(/s3cret/);
  });

  it('does not repeat a query, which may hold a key', () => {
    const attempt = () =>
      resolveApiTarget({ apiBaseUrl: 'https://api.example.com/?key=abc123' }, undefined);
    expect(attempt).toThrow(/"https:\/\/api\.example\.com\/\?…"/);
    expect(attempt).not.toThrow(/abc123/);
  });

  it('refuses an apiBaseUrl that is not a string', () => {
    expect(() => resolveApiTarget({ apiBaseUrl: 42 }, undefined)).toThrow(
      /apiBaseUrl in config.json must be a string, got a number/,
    );
    expect(() => resolveApiTarget({ apiBaseUrl: ['https://x.example.com'] }, undefined)).toThrow(
      ConfigError,
    );
  });

  it('refuses a config that is not an object', () => {
    expect(() => resolveApiTarget(['https://x.example.com'], undefined)).toThrow(
      /config.json must be a JSON object, got an array/,
    );
  });
});

describe('apiBaseUrlFor', () => {
  it('points demo mode at the same-origin mock prefix', () => {
    expect(apiBaseUrlFor({ mode: 'demo' }, 'http://127.0.0.1:4173')).toBe(
      `http://127.0.0.1:4173${DEMO_API_BASE_URL_PATH}`,
    );
    expect(DEMO_API_BASE_URL_PATH).toBe('/demo-api');
  });

  it('uses the configured base URL otherwise', () => {
    const target = resolveApiTarget(undefined, 'https://api.example.com/prefix/');
    expect(apiBaseUrlFor(target, 'http://127.0.0.1:4173')).toBe('https://api.example.com/prefix');
  });
});

describe('loadRuntimeConfig', () => {
  // Bytes rather than a string, so a response without a Content-Type header stays untyped.
  const respond = (body: string, init: ResponseInit) =>
    vi.fn<typeof fetch>(async () => new Response(new TextEncoder().encode(body), init));

  it('reads config.json with the default cache mode, so the page’s preload answers it', async () => {
    const fetchImpl = respond('{"apiBaseUrl":"https://api.example.com"}', {
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    await expect(loadRuntimeConfig(fetchImpl)).resolves.toEqual({
      apiBaseUrl: 'https://api.example.com',
    });
    expect(fetchImpl).toHaveBeenCalledWith(
      '/config.json',
      expect.not.objectContaining({ cache: expect.anything() }),
    );
  });

  it.each(['text/plain', 'application/octet-stream', null])(
    'reads a config.json served as %s instead of starting the demo',
    async (contentType) => {
      const fetchImpl = respond('{"apiBaseUrl":"https://api.example.com"}', {
        headers: contentType === null ? {} : { 'Content-Type': contentType },
      });
      await expect(loadRuntimeConfig(fetchImpl)).resolves.toEqual({
        apiBaseUrl: 'https://api.example.com',
      });
    },
  );

  it('refuses a config.json served as text/plain that is not JSON, loudly', async () => {
    const fetchImpl = respond('apiBaseUrl=https://api.example.com', {
      headers: { 'Content-Type': 'text/plain' },
    });
    await expect(loadRuntimeConfig(fetchImpl)).rejects.toThrow(/config.json is not valid JSON/);
  });

  it('drops a leading byte-order mark', async () => {
    const fetchImpl = respond('\uFEFF{"apiBaseUrl":"https://api.example.com"}', {
      headers: { 'Content-Type': 'application/json' },
    });
    await expect(loadRuntimeConfig(fetchImpl)).resolves.toEqual({
      apiBaseUrl: 'https://api.example.com',
    });
  });

  it('treats an untyped HTML page as no config', async () => {
    const fetchImpl = respond('  <!doctype html><html></html>', { status: 200 });
    await expect(loadRuntimeConfig(fetchImpl)).resolves.toBeUndefined();
  });

  it('treats a 404 as no config', async () => {
    await expect(loadRuntimeConfig(respond('Not found', { status: 404 }))).resolves.toBeUndefined();
  });

  it("treats the dev server's index.html fallback as no config", async () => {
    const fetchImpl = respond('<!doctype html><html></html>', {
      status: 200,
      headers: { 'Content-Type': 'text/html' },
    });
    await expect(loadRuntimeConfig(fetchImpl)).resolves.toBeUndefined();
  });

  it('treats an unreachable file as no config', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(loadRuntimeConfig(fetchImpl)).resolves.toBeUndefined();
  });

  it('passes other fetch failures on', async () => {
    const abort = new DOMException('aborted', 'AbortError');
    const fetchImpl = vi.fn<typeof fetch>().mockRejectedValue(abort);
    await expect(loadRuntimeConfig(fetchImpl)).rejects.toBe(abort);
  });

  it('refuses JSON with a syntax error', async () => {
    const fetchImpl = respond('{"apiBaseUrl": ', {
      headers: { 'Content-Type': 'application/json' },
    });
    await expect(loadRuntimeConfig(fetchImpl)).rejects.toThrow(/^config.json is not valid JSON: /);
    await expect(loadRuntimeConfig(fetchImpl)).rejects.toBeInstanceOf(ConfigError);
  });

  it('refuses JSON that is not an object', async () => {
    const fetchImpl = respond('["https://api.example.com"]', {
      headers: { 'Content-Type': 'application/json' },
    });
    await expect(loadRuntimeConfig(fetchImpl)).rejects.toThrow(/expected an object.*got an array/);
  });

  it('refuses a server error rather than guessing', async () => {
    await expect(loadRuntimeConfig(respond('oops', { status: 500 }))).rejects.toThrow(
      'config.json could not be loaded: the server answered 500.',
    );
  });
});

describe('resolveSettings', () => {
  it('gives the defaults for an empty config', () => {
    expect(resolveSettings({}, undefined, readApis)).toEqual({
      profiles: [{ key: '', name: 'Demo', target: { mode: 'demo' }, production: false }],
      requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
      imageSources: ['https:'],
      categories: undefined,
    });
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(30_000);
  });

  it('allows images from the API origin and https: by default', () => {
    expect(
      resolveSettings({ apiBaseUrl: 'http://127.0.0.1:4010/x' }, undefined, readApis).imageSources,
    ).toEqual(['http://127.0.0.1:4010', 'https:']);
  });

  it('reads requestTimeoutMs, imageOrigins and categories', () => {
    const settings = resolveSettings(
      {
        apiBaseUrl: 'https://api.example.com',
        requestTimeoutMs: 5000,
        imageOrigins: ['https://CDN.example.com/', 'http:', 'https://cdn.example.com'],
        categories: [' Books ', 'Toys & Games', 'Books'],
      },
      undefined,
      readApis,
    );
    expect(settings.requestTimeoutMs).toBe(5000);
    expect(settings.imageSources).toEqual(['https://cdn.example.com', 'http:']);
    expect(settings.categories).toEqual(['Books', 'Toys & Games']);
  });

  it.each([
    [
      { requestTimeoutMs: '30000' },
      /requestTimeoutMs in config.json must be a whole number.*got a string/,
    ],
    [{ requestTimeoutMs: 10 }, /from 1000 to 600000, got 10\./],
    [{ requestTimeoutMs: 1.5e3 + 0.5 }, /requestTimeoutMs/],
    [{ imageOrigins: 'https:' }, /imageOrigins in config.json must be a list/],
    [
      { imageOrigins: ['https://cdn.example.com/path'] },
      /"https:\/\/cdn.example.com\/path" is neither/,
    ],
    [{ imageOrigins: ['https://x.example.com; script-src *'] }, /is neither/],
    [{ imageOrigins: ['data:'] }, /is neither/],
    [{ imageOrigins: [42] }, /got a number in the list/],
    [{ categories: 'Books' }, /categories in config.json must be a list/],
    [{ categories: ['', 'Books'] }, /categories/],
  ])('refuses %j with a clear message', (config, message) => {
    expect(() => resolveSettings(config, undefined, readApis)).toThrow(ConfigError);
    expect(() => resolveSettings(config, undefined, readApis)).toThrow(message);
  });
});

describe('apis (several APIs)', () => {
  const two = [
    { name: 'Production', baseUrl: 'https://api.example.com/', production: true },
    { name: ' Staging ', baseUrl: 'http://127.0.0.1:4010/base' },
  ];

  it('gives one profile per entry, in order, keyed by name', () => {
    expect(resolveSettings({ apis: two }, 'https://build.example.com', readApis).profiles).toEqual([
      {
        key: 'Production',
        name: 'Production',
        production: true,
        target: {
          mode: 'api',
          baseUrl: 'https://api.example.com',
          origin: 'https://api.example.com',
        },
      },
      {
        key: 'Staging',
        name: 'Staging',
        production: false,
        target: {
          mode: 'api',
          baseUrl: 'http://127.0.0.1:4010/base',
          origin: 'http://127.0.0.1:4010',
        },
      },
    ]);
    expect(apiOriginsOf(resolveSettings({ apis: two }, undefined, readApis).profiles)).toEqual([
      'https://api.example.com',
      'http://127.0.0.1:4010',
    ]);
  });

  it('keeps apiBaseUrl alone as one API named after its host, with the storage of before', () => {
    expect(
      resolveSettings({ apiBaseUrl: 'https://api.example.com' }, undefined, readApis).profiles,
    ).toEqual([
      {
        key: '',
        name: 'api.example.com',
        production: false,
        target: {
          mode: 'api',
          baseUrl: 'https://api.example.com',
          origin: 'https://api.example.com',
        },
      },
    ]);
  });

  it('allows images from every API by default', () => {
    expect(resolveSettings({ apis: two }, undefined, readApis).imageSources).toEqual([
      'https://api.example.com',
      'http://127.0.0.1:4010',
      'https:',
    ]);
  });

  const api = (index: number) => ({
    name: `API ${index}`,
    baseUrl: `https://a${index}.example.com`,
  });
  it.each<[string, unknown, RegExp]>([
    ['not a list', { name: 'x' }, /apis in config\.json is refused: it must be a list of APIs/],
    ['a string', 'https://api.example.com', /must be a list of APIs such as/],
    ['an empty list', [], /the list is empty/],
    ['50 APIs', Array.from({ length: 50 }, (_, i) => api(i)), /it lists 50 APIs; at most 20/],
    ['an entry that is not an object', ['https://api.example.com'], /entry 1 must be an object/],
    ['an entry without a name', [{ baseUrl: 'https://a.example.com' }], /entry 1 has no name/],
    ['a blank name', [{ name: '  ', baseUrl: 'https://a.example.com' }], /entry 1 has no name/],
    [
      'a name of 1,000 characters',
      [{ name: 'x'.repeat(1000), baseUrl: 'https://a.example.com' }],
      /the name of entry 1 is 1000 characters long; at most 60/,
    ],
    [
      'markup in a name',
      [{ name: '<img src=x onerror=alert(1)>', baseUrl: 'https://a.example.com' }],
      /contains < or >/,
    ],
    [
      'a control character',
      [{ name: 'Prod\nuction', baseUrl: 'https://a.example.com' }],
      /control character or a bidirectional mark/,
    ],
    [
      'a bidi override',
      [{ name: 'Prod\u202Enoitcu', baseUrl: 'https://a.example.com' }],
      /control character or a bidirectional mark/,
    ],
    ['an entry without a URL', [{ name: 'A' }], /entry 1 \("A"\) has no baseUrl/],
    [
      'two entries with one name',
      [api(1), { name: 'api 1', baseUrl: 'https://b.example.com' }],
      /two entries are named "api 1"/,
    ],
    [
      'two entries with one URL',
      [api(1), { name: 'B', baseUrl: 'https://a1.example.com/' }],
      /two entries have the base URL https:\/\/a1\.example\.com/,
    ],
    [
      'a plain http: URL',
      [{ name: 'A', baseUrl: 'http://api.example.com' }],
      /only https: is allowed.*Fix apis in config\.json/,
    ],
    [
      'a URL with a password',
      [{ name: 'A', baseUrl: 'https://me:pw@api.example.com' }],
      /user name or password/,
    ],
    ['the demo inside apis', [{ name: 'Demo', baseUrl: 'mock' }], /the demo is one API of its own/],
    [
      'production that is not a boolean',
      [{ ...api(1), production: 'yes' }],
      /"production" of entry 1 \("API 1"\) must be true or false/,
    ],
  ])('refuses %s with a message saying why', (_name, apis, message) => {
    expect(() => resolveSettings({ apis }, undefined, readApis)).toThrow(ConfigError);
    expect(() => resolveSettings({ apis }, undefined, readApis)).toThrow(message);
  });

  it('never repeats a password from a refused entry', () => {
    expect(() =>
      resolveSettings(
        { apis: [{ name: 'A', baseUrl: 'http://me:s3cret@api.example.com' }] },
        undefined,
        readApis,
      ),
    ).toThrow(/^(?!.*s3cret)/s);
  });

  it('refuses apis beside apiBaseUrl, rather than guessing which one is meant', () => {
    expect(() =>
      resolveSettings({ apiBaseUrl: 'https://x.example.com', apis: two }, undefined, readApis),
    ).toThrow(/sets both apiBaseUrl and apis/);
  });

  it('takes 20 APIs and names of 60 characters', () => {
    const many = Array.from({ length: 20 }, (_, i) => api(i));
    many[0] = { name: 'é'.repeat(60), baseUrl: 'https://long.example.com' };
    expect(resolveSettings({ apis: many }, undefined, readApis).profiles).toHaveLength(20);
  });
});
