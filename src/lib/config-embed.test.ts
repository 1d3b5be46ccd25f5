// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, resolveSettings } from './config';
import { MAX_EMBED_ORIGINS, readEmbedOrigins } from './config-embed';

const API = 'https://api.example.com';

function refusal(value: unknown): string | undefined {
  try {
    readEmbedOrigins(value);
    return undefined;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message;
  }
}

describe('embedOrigins in config.json', () => {
  it('is off when absent, and read into origins, each once', () => {
    expect(resolveSettings({ apiBaseUrl: API }, undefined).embedOrigins).toEqual([]);
    expect(
      resolveSettings(
        {
          apiBaseUrl: API,
          embedOrigins: [
            'https://acme.zendesk.com',
            ' https://ACME.zendesk.com/ ',
            'https://app.frontapp.com:8443',
            'http://localhost:4000',
            'http://127.0.0.1',
            'http://[::1]:9000/',
          ],
        },
        undefined,
      ).embedOrigins,
    ).toEqual([
      'https://acme.zendesk.com',
      'https://app.frontapp.com:8443',
      'http://localhost:4000',
      'http://127.0.0.1',
      'http://[::1]:9000',
    ]);
  });

  it.each<[unknown, string]>([
    [
      'https://acme.zendesk.com',
      'embedOrigins in config.json is refused: it must be a list of origins such as ["https://acme.zendesk.com"], got a string.',
    ],
    [
      ['https://*.zendesk.com'],
      'embedOrigins in config.json is refused: "https://*.zendesk.com" is a wildcard: list each site that may frame the card by its origin, such as "https://acme.zendesk.com".',
    ],
    [['*'], 'embedOrigins in config.json is refused: "*" is a wildcard'],
    [
      ['https://acme.zendesk.com/agent/tickets'],
      'embedOrigins in config.json is refused: "https://acme.zendesk.com/agent/tickets" has a path; frame-ancestors takes origins only: use "https://acme.zendesk.com".',
    ],
    [
      ['https://acme.zendesk.com/?app=1'],
      '"https://acme.zendesk.com/?app=1" has more than an origin; frame-ancestors takes origins only: use "https://acme.zendesk.com".',
    ],
    [['https://acme.zendesk.com#x'], 'has more than an origin'],
    [['https://acme.zendesk.com?'], 'has more than an origin'],
    [['https://agent:secret@acme.zendesk.com'], 'has more than an origin'],
    [
      ['http://acme.zendesk.com'],
      '"http://acme.zendesk.com" is refused: only https: origins may frame the card (http: only for localhost, 127.0.0.1 and [::1]).',
    ],
    [
      ['https://acme.zendesk.com:443'],
      '"https://acme.zendesk.com:443" is not written as an origin: use "https://acme.zendesk.com".',
    ],
    [['acme.zendesk.com'], '"acme.zendesk.com" is not an origin: give the scheme and host'],
    [['null'], '"null" is not an origin'],
    [["'self'"], 'is not an origin'],
    [['ftp://files.example.com'], 'is not an origin'],
    [['https://a.example.com https://b.example.com'], 'is not an origin'],
    [['https://a.example.com;script-src'], 'is not an origin'],
    [['https://cdn$arg_x.example.com'], 'is not an origin'],
    [['https://bücher.example'], 'use "https://xn--bcher-kva.example"'],
    [['https://0x7f.1'], 'use "https://127.0.0.1"'],
    [['https://a.example.com', 42], 'entry 2 must be an origin such as'],
    [{ zendesk: 'https://acme.zendesk.com' }, 'got a object'],
  ])('refuses %j, naming the entry', (value, message) => {
    expect(refusal(value)).toContain(message);
  });

  it(`refuses more than ${MAX_EMBED_ORIGINS} origins`, () => {
    const many = Array.from({ length: MAX_EMBED_ORIGINS + 1 }, (_, i) => `https://h${i}.example`);
    expect(refusal(many)).toContain(`at most ${MAX_EMBED_ORIGINS} are allowed`);
    expect(readEmbedOrigins(many.slice(1))).toHaveLength(MAX_EMBED_ORIGINS);
  });

  it('stops the console at start-up, as any refused setting does', () => {
    expect(() =>
      resolveSettings({ apiBaseUrl: API, embedOrigins: ['https://*.example.com'] }, undefined),
    ).toThrow(ConfigError);
    // Settings without an API are still a mistake, embedding included.
    expect(() => resolveSettings({ embedOrigins: ['https://a.example.com'] }, undefined)).toThrow(
      /names no API/,
    );
  });

  // Labels as hosts have them: an `xn--` label must be valid punycode, which a random one rarely
  // is (the URL parser refuses it, and the generator threw about once in a few thousand runs).
  const label = fc
    .stringMatching(/^[a-z][a-z0-9-]{0,10}$/)
    .filter((text) => !text.startsWith('xn--'));
  const host = fc
    .array(label, { minLength: 1, maxLength: 3 })
    .map((labels) => `${labels.join('.')}.example`);
  const origin = fc
    .tuple(host, fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }))
    .map(([name, port]) => new URL(`https://${name}${port ? `:${port}` : ''}`).origin);

  it('takes every https origin as the browser writes it, with or without a slash, in any case', () => {
    fc.assert(
      fc.property(origin, fc.boolean(), fc.boolean(), (written, slash, upper) => {
        const entry = `${upper ? written.toUpperCase() : written}${slash ? '/' : ''}`;
        expect(readEmbedOrigins([entry])).toEqual([written]);
      }),
    );
  });

  it('refuses every origin with a path, query or fragment after it, or a wildcard in it', () => {
    const tail = fc.oneof(
      fc.stringMatching(/^\/[a-z0-9/._-]{1,12}$/).filter((path) => path !== '/'),
      fc.stringMatching(/^[?#][a-z0-9=&]{0,8}$/),
    );
    fc.assert(
      fc.property(origin, tail, (written, rest) => {
        expect(refusal([`${written}${rest}`])).toMatch(/has (a path|more than an origin)/);
      }),
    );
    fc.assert(
      fc.property(origin, fc.nat(), (written, at) => {
        const i = 8 + (at % (written.length - 7));
        expect(refusal([`${written.slice(0, i)}*${written.slice(i)}`])).toContain('a wildcard');
      }),
    );
  });
});
