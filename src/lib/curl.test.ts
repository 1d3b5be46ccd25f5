// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createApiClient, type QueryParams } from './api-client';
import { isApiError } from './api-error';
import { curlCommand, shellQuote } from './curl';
import { createRequestLog } from './request-log';

const SIGNATURE = 'c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const TOKEN = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyXzEifQ.${SIGNATURE}`;

/**
 * Runs `command` in a POSIX shell with `curl` replaced by a function that prints the words it
 * receives, so the test sees exactly what curl would have been given (after quoting, after $TOKEN).
 */
function wordsCurlReceives(command: string, env: Record<string, string> = {}): string[] {
  const script = `curl() { for word in "$@"; do printf '%s\\0' "$word"; done; }\n${command}`;
  const output = execFileSync('sh', ['-c', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
  });
  return output.split('\0').slice(0, -1);
}

/** A client with a known token whose fetch answers `status` and records the URL it was given. */
function clientWithKnownToken(baseUrl: string, status = 200) {
  const log = createRequestLog();
  const sent: string[] = [];
  const client = createApiClient({
    baseUrl,
    getToken: () => TOKEN,
    log,
    fetchImpl: (input) => {
      sent.push(String(input));
      const body =
        status === 200
          ? { data: [] }
          : { error: { code: 'boom', message: 'Simulated', request_id: 'req_1' } };
      return Promise.resolve(Response.json(body, { status, headers: { 'X-Request-Id': 'req_1' } }));
    },
  });
  return { client, log, sent };
}

const anySchema = v.unknown();

async function logged(baseUrl: string, path: string, query: QueryParams = {}) {
  const { client, log, sent } = clientWithKnownToken(baseUrl);
  await client.get(path, { query, schema: anySchema });
  const entry = log.entries().at(-1);
  if (!entry) throw new Error('nothing logged');
  return { entry, sentUrl: sent[0] ?? '' };
}

describe('shellQuote', () => {
  it.each([
    ['ampersand', 'a&b'],
    ['single quote', "it's"],
    ['several quotes', "'''"],
    ['spaces', 'two  spaces and\ttab'],
    ['unicode', 'Café Bäckerei 東京 🚀'],
    ['dollar', '$HOME ${PATH} $(id)'],
    ['backticks', '`id`'],
    ['double quotes and backslashes', '"\\"\\\\'],
    ['newline', 'one\ntwo'],
    ['glob and redirection', '*?[a] > out; | cat'],
    ['empty', ''],
  ])('keeps %s literal in sh', (_name, value) => {
    expect(wordsCurlReceives(`curl ${shellQuote(value)}`)).toEqual([value]);
  });
});

describe('curlCommand', () => {
  it('repeats the request: the exact URL, the Accept header and $TOKEN for the token', async () => {
    const { entry, sentUrl } = await logged('https://api.example.com', '/v1/users', {
      page: 2,
      limit: 25,
      sort: '-name',
    });
    const command = curlCommand(entry);
    expect(command).toBe(
      `curl --globoff -H 'Accept: application/json' -H "Authorization: Bearer $TOKEN" 'https://api.example.com/v1/users?page=2&limit=25&sort=-name'`,
    );
    expect(wordsCurlReceives(command, { TOKEN: 'from-the-shell' })).toEqual([
      '--globoff',
      '-H',
      'Accept: application/json',
      '-H',
      'Authorization: Bearer from-the-shell',
      sentUrl,
    ]);
  });

  it('keeps a base path', async () => {
    const { entry } = await logged('https://host.example/prefix/', '/v1/users');
    expect(wordsCurlReceives(curlCommand(entry)).at(-1)).toBe(
      'https://host.example/prefix/v1/users',
    );
  });

  it('keeps the query encoding exactly as sent, whatever the shell would make of it', async () => {
    const { entry, sentUrl } = await logged('https://api.example.com', '/v1/products', {
      category: 'Café & Bäckerei\'s $HOME `id` "x" [1]{2}',
      min_price: 0.5,
    });
    expect(sentUrl).toContain('category=Caf%C3%A9+%26+B%C3%A4ckerei%27s+%24HOME');
    expect(wordsCurlReceives(curlCommand(entry)).at(-1)).toBe(sentUrl);
  });

  it('keeps an encoded path segment and unicode that the URL left as it was', () => {
    const url = "https://api.example.com/v1/users/user_%C3%A9'x?note=a'b&c=d e";
    expect(wordsCurlReceives(curlCommand({ method: 'GET', url })).at(-1)).toBe(
      new URL(url).toString(),
    );
  });

  it('names a method other than GET', () => {
    expect(wordsCurlReceives(curlCommand({ method: 'POST', url: 'https://a.example/x' }))).toEqual(
      expect.arrayContaining(['-X', 'POST']),
    );
  });

  it('drops secret-looking query parameters and keeps control characters inert', () => {
    const command = curlCommand({
      method: 'GET',
      url: 'https://api.example.com/v1/users?access_token=abc123&page=1',
    });
    expect(command).not.toContain('abc123');
    expect(command).toContain("'https://api.example.com/v1/users?page=1'");
    expect(curlCommand({ method: 'GET', url: 'not a url\u001b[2J' })).not.toContain('\u001b');
  });

  it('leaves out a token or a part of one that a URL holds', () => {
    const payload = 'eyJzdWIiOiJhZGEiLCJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSJ9';
    const command = curlCommand({
      method: 'GET',
      url: `https://api.example.com/v1/users/${payload}?q=eyJhbGciOiJIUzI1NiJ9.${payload}`,
    });
    expect(command).not.toContain('eyJ');
  });

  it('never holds the token, for a success or for a failure', async () => {
    const ok = await logged('https://api.example.com', '/v1/users', { page: 1 });
    const { client, log } = clientWithKnownToken('https://api.example.com', 500);
    const error: unknown = await client
      .get('/v3/account', { schema: anySchema })
      .catch((caught: unknown) => caught);
    if (!isApiError(error)) throw new Error('expected an ApiError');

    for (const command of [
      curlCommand(ok.entry),
      curlCommand(log.entries()[0]!),
      curlCommand(error),
    ]) {
      expect(command).toContain('$TOKEN');
      expect(command).not.toContain(SIGNATURE);
      for (const part of TOKEN.split('.')) expect(command).not.toContain(part);
    }
  });
});
