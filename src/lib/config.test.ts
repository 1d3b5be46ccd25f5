// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import {
  apiBaseUrlFor,
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

describe('a base URL that already ends in the API version', () => {
  it.each([
    ['https://api.example.com/v1', 'v1', '/v1', 'https://api.example.com'],
    ['https://api.example.com/api/v1/', 'v1', '/api/v1', 'https://api.example.com/api'],
    ['https://API.example.com:443/Api/V1//', 'V1', '/Api/V1', 'https://api.example.com/Api'],
    ['https://api.example.com/v3', 'v3', '/v3', 'https://api.example.com'],
    ['https://api.example.com/x/../v2/.', 'v2', '/v2', 'https://api.example.com'],
    ['http://127.0.0.1:4010/base/v12', 'v12', '/base/v12', 'http://127.0.0.1:4010/base'],
  ])('refuses %s, naming /%s and the address to use', (url, version, path, root) => {
    expect(() => resolveApiTarget({ apiBaseUrl: url }, undefined)).toThrow(
      new ConfigError(
        `API base URL "${url}" is refused: it ends in the API's version (/${version}), which the console adds itself (its requests would go to ${path}/v1/users). Use "${root}" instead. Fix apiBaseUrl in config.json.`,
      ),
    );
  });

  it('says where to set it: the build, or the entry of apis', () => {
    expect(() => resolveApiTarget(undefined, 'https://api.example.com/v1')).toThrow(
      /Use "https:\/\/api\.example\.com" instead\. Fix VITE_API_BASE_URL and rebuild\.$/,
    );
    expect(() =>
      resolveSettings(
        { apis: [{ name: 'A', baseUrl: 'https://a.example.com/v1' }] },
        undefined,
        readApis,
      ),
    ).toThrow(
      /"https:\/\/a\.example\.com\/v1" is refused: .* Use "https:\/\/a\.example\.com" instead\. Fix apis in config\.json\.$/,
    );
  });

  it.each([
    'https://api.example.com/v',
    'https://api.example.com/v1x',
    'https://api.example.com/version1',
    'https://api.example.com/v1/admin',
    'https://api.example.com/api%2Fv1',
  ])('keeps %s, whose last segment is no version', (url) => {
    expect(resolveApiTarget({ apiBaseUrl: url }, undefined)).toMatchObject({ mode: 'api' });
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
      embedOrigins: [],
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
