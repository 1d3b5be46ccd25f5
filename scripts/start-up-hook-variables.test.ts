// @vitest-environment node
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closestName } from '../src/lib/similar-name';
import { DEPLOY_DIR } from './nginx-config';
import { removeHookDirs, runHook } from './start-up-hook-harness';

afterAll(removeHookDirs);

/** The settings the hook reads, from its own list of them. */
const SETTINGS =
  /^_console_settings='([^']*)'$/m
    .exec(readFileSync(join(DEPLOY_DIR, '18-admin-console.envsh'), 'utf8'))?.[1]
    ?.split(' ') ?? [];

const API = { API_BASE_URL: 'https://api.example.com' };

/** The hook's message for these unknown variables, as the console's guess would word it. */
function expectedMessage(names: readonly string[]): string {
  // Sorted as the hook's awk sorts (byte order).
  const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const guesses = sorted.map((name) => closestName(name, SETTINGS));
  const sentences = sorted.map((name, i) =>
    guesses[i] === undefined
      ? `${name} is not a setting.`
      : `${name} is not a setting; did you mean ${guesses[i]}?`,
  );
  if (guesses.includes(undefined)) {
    sentences.push(`The settings are ${SETTINGS.slice(0, -1).join(', ')} and ${SETTINGS.at(-1)}.`);
  }
  return `admin console: ${sentences.join(' ')}\n`;
}

describe.concurrent('the start-up hook names a variable it does not know (deploy/)', () => {
  it('reads the settings the README lists', () => {
    expect(SETTINGS).toEqual([
      'API_BASE_URL',
      'APIS',
      'REQUEST_TIMEOUT_MS',
      'IMAGE_ORIGINS',
      'EMBED_ORIGINS',
      'OIDC_ISSUER',
      'OIDC_CLIENT_ID',
      'OIDC_SCOPE',
      'OIDC_RESOURCE',
      'OIDC_AUDIENCE',
      'OIDC_NAME',
    ]);
  });

  it.each([
    ['API_BASE_URI', 'API_BASE_URL'],
    ['Api_Base_Url', 'API_BASE_URL'],
    ['API_BASEURL', 'API_BASE_URL'],
    ['apis', 'APIS'],
    ['OIDC_CLIENTID', 'OIDC_CLIENT_ID'],
    ['OIDC_ISUER', 'OIDC_ISSUER'],
    ['OIDC_SCOPES', 'OIDC_SCOPE'],
    ['IMAGE_ORIGIN', 'IMAGE_ORIGINS'],
    ['EMBED_ORIGIN', 'EMBED_ORIGINS'],
    ['embed_origins', 'EMBED_ORIGINS'],
    ['REQUEST_TIMEOUT', 'REQUEST_TIMEOUT_MS'],
    ['OIDC_CLIENT_SECRET', undefined],
    ['API_KEY', undefined],
  ])('stops at %s, naming it and the setting it resembles (%s)', async (name, meant) => {
    expect(closestName(name, SETTINGS)).toBe(meant);
    const hook = await runHook({ ...API, [name]: 'x' });
    expect(hook.status).not.toBe(0);
    expect(hook.stderr).toBe(expectedMessage([name]));
    expect(hook.stderr).toContain(meant === undefined ? 'The settings are API_BASE_URL, ' : meant);
  });

  it('names every unknown variable in one message, guessing each as the console would', async () => {
    // Near misses of every setting, as a hand would type them, in one run of the hook.
    const typo = fc
      .tuple(fc.constantFrom(...SETTINGS), fc.nat(), fc.constantFrom('insert', 'delete', 'swap'))
      .map(([setting, at, kind]) => {
        const i = at % setting.length;
        if (kind === 'insert') return `${setting.slice(0, i)}X${setting.slice(i)}`;
        if (kind === 'delete') return setting.slice(0, i) + setting.slice(i + 1);
        return setting.slice(0, i) + (setting[i + 1] ?? '') + setting[i] + setting.slice(i + 2);
      })
      .filter(
        (name) =>
          !SETTINGS.includes(name) &&
          /^(APIS?_|OIDC_|IMAGE_ORIGIN|EMBED_ORIGIN|REQUEST_TIMEOUT|APIS$)/i.test(name) &&
          /^[A-Za-z_][A-Za-z0-9_]*$/.test(name),
      );
    const names = [...new Set(fc.sample(typo, { numRuns: 60, seed: 38 }))];
    expect(names.length).toBeGreaterThan(20);
    const hook = await runHook({ ...API, ...Object.fromEntries(names.map((name) => [name, 'x'])) });
    expect(hook.status).not.toBe(0);
    expect(hook.stderr).toBe(expectedMessage(names));
  });

  it.each([
    'HOME',
    'HOSTNAME',
    'NGINX_VERSION',
    'APISIX_HOME',
    // Kubernetes' service links, for services named api, oidc and api-gateway.
    'API_SERVICE_HOST',
    'API_SERVICE_PORT',
    'API_SERVICE_PORT_HTTPS',
    'API_PORT',
    'API_PORT_443_TCP',
    'API_PORT_443_TCP_PROTO',
    'API_PORT_443_TCP_PORT',
    'API_PORT_443_TCP_ADDR',
    'OIDC_SERVICE_HOST',
    'API_GATEWAY_PORT_8080_TCP_ADDR',
  ])('lets %s pass, which is not one of its settings', async (name) => {
    const hook = await runHook({ ...API, [name]: 'x' });
    expect(hook.status, hook.stderr).toBe(0);
  });
});
