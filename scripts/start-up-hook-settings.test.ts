// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkServerSettings } from './nginx-config';
import { removeHookDirs, runHook, type HookEnv } from './start-up-hook-harness';

afterAll(removeHookDirs);

describe.concurrent('the container start-up hook explains what it refuses (deploy/)', () => {
  it('explains a base URL that ends in the API version, naming the address to use', async () => {
    const hook = await runHook({ API_BASE_URL: 'https://api.example.com/api/V1/' });
    expect(hook.status).not.toBe(0);
    expect(hook.stderr).toContain(
      'admin console: API_BASE_URL "https://api.example.com/api/V1/" is refused: it ends in the API\'s version (/V1), which the console adds itself (it asks for /v1/users and /v3/account). Set API_BASE_URL to https://api.example.com/api.',
    );
    const entry = await runHook({ APIS: 'A|https://a.example.com;B|https://b.example.com/v2' });
    expect(entry.stderr).toContain(
      "admin console: APIS entry 2's base URL \"https://b.example.com/v2\" is refused: it ends in the API's version (/v2), which the console adds itself (it asks for /v1/users and /v3/account). Set that entry's base URL to https://b.example.com.",
    );
  });

  it.each<HookEnv>([
    { API_BASE_URL: 'https://api.example.com\n/v1' },
    { API_BASE_URL: '\nhttps://api.example.com' },
    { API_BASE_URL: 'https://api.example.com/a\tb' },
    { API_BASE_URL: 'https://api.example.com/\u007f' },
  ])(
    'refuses an API_BASE_URL with a control character, which would break config.json: %j',
    async (env) => {
      const hook = await runHook(env);
      expect(hook.status).not.toBe(0);
      expect(hook.stderr).toMatch(
        /^admin console: API_BASE_URL is refused: it contains a line break/m,
      );
    },
  );

  it.each([
    ['https://*.zendesk.com', '"https://*.zendesk.com" is a wildcard'],
    ['https://acme.zendesk.com/agent', '"https://acme.zendesk.com/agent" is not exactly an origin'],
    ['http://acme.zendesk.com', '"http://acme.zendesk.com" is plain http'],
    ['acme.zendesk.com', '"acme.zendesk.com" is not an origin'],
  ])('names the EMBED_ORIGINS entry it refuses: %s', async (origins, message) => {
    const hook = await runHook({
      API_BASE_URL: 'https://api.example.com',
      EMBED_ORIGINS: `https://ok.example.com, ${origins}`,
    });
    expect(hook.status).not.toBe(0);
    expect(hook.stderr).toContain(`admin console: EMBED_ORIGINS is refused: ${message}`);
  });

  it('reads EMBED_ORIGINS as words, never as file-name patterns', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'nginx-config-glob-'));
    try {
      writeFileSync(join(cwd, 'https:'), '');
      const hook = await runHook({ API_BASE_URL: 'mock', EMBED_ORIGINS: '*' }, cwd);
      expect(hook.stderr).toContain('EMBED_ORIGINS is refused: "*" is a wildcard');
      const none = await runHook({ API_BASE_URL: 'mock' }, cwd);
      expect(none.frameAncestors).toBe("'none'");
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('reads IMAGE_ORIGINS as words, never as file-name patterns', async () => {
    // A file named like an allowed source: an unquoted `*` would have expanded to it.
    const cwd = mkdtempSync(join(tmpdir(), 'nginx-config-glob-'));
    try {
      writeFileSync(join(cwd, 'https:'), '');
      const hook = await runHook({ API_BASE_URL: 'mock', IMAGE_ORIGINS: '*' }, cwd);
      expect(hook.status).not.toBe(0);
      expect(hook.stderr).toContain('IMAGE_ORIGINS must list origins');
      expect(hook.stderr).toContain('got "*"');
      const listed = await runHook(
        { API_BASE_URL: 'mock', IMAGE_ORIGINS: 'https://a.example.com,\nhttps:\t' },
        cwd,
      );
      expect(listed.status, listed.stderr).toBe(0);
      expect(listed.imageSources).toBe('https://a.example.com https:');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it.each<[HookEnv, boolean]>([
    [{ CONSOLE_LISTEN: '8080', CONSOLE_ROOT: '/usr/share/nginx/html' }, true],
    [{ CONSOLE_LISTEN: '127.0.0.1:8080', CONSOLE_CONF_DIR: '/etc/nginx/conf.d' }, true],
    [{ CONSOLE_LISTEN: '[::]:8080' }, true],
    [{ CONSOLE_LISTEN: '8080; include /etc/passwd' }, false],
    [{ CONSOLE_LISTEN: '8080\nserver_tokens on' }, false],
    [{ CONSOLE_LISTEN: '' }, false],
    [{ CONSOLE_LISTEN: '70000' }, false],
    [{ CONSOLE_ROOT: 'relative/html' }, false],
    [{ CONSOLE_ROOT: '/srv/html; autoindex on' }, false],
    [{ CONSOLE_CONF_DIR: '/etc/nginx/conf.d\n' }, false],
    [{ CONSOLE_CONF_DIR: '/etc/$host' }, false],
  ])('checks what goes into the nginx configuration: %j → %s', async (env, ok) => {
    const hook = await runHook(env);
    if (ok) expect(hook.status, hook.stderr).toBe(0);
    else {
      expect(hook.status).not.toBe(0);
      expect(hook.stderr).toMatch(/^admin console: CONSOLE_\w+ must be/m);
    }
    // `nginx-config.ts render` (nginx without Docker) applies the same rules.
    const settings = {
      listen: env.CONSOLE_LISTEN ?? '8080',
      root: env.CONSOLE_ROOT ?? '/srv/console',
      confDir: env.CONSOLE_CONF_DIR ?? '/etc/nginx/conf.d',
    };
    if (ok) expect(() => checkServerSettings(settings)).not.toThrow();
    else expect(() => checkServerSettings(settings)).toThrow(/must be/);
  });
});
