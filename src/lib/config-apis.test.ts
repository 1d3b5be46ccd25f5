// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { apiOriginsOf, ConfigError, resolveSettings } from './config';
import { readApis } from './config-apis';

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
