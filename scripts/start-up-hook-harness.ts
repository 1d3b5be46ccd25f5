import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, resolveSettings } from '../src/lib/config';
import { readApis } from '../src/lib/config-apis';
import { readConfigOidc } from '../src/lib/config-oidc';
import { unknownKeysProblem } from '../src/lib/unknown-keys';
import { HOOK_SH_ARGS } from './nginx-config';

/**
 * Runs the container's start-up hook (deploy/) for its tests, and says what the console makes of
 * the same settings written as config.json: the hook must accept exactly what the console does.
 */

export interface HookEnv {
  API_BASE_URL?: string;
  APIS?: string;
  REQUEST_TIMEOUT_MS?: string;
  IMAGE_ORIGINS?: string;
  EMBED_ORIGINS?: string;
  CONSOLE_LISTEN?: string;
  CONSOLE_ROOT?: string;
  CONSOLE_CONF_DIR?: string;
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_SCOPE?: string;
  OIDC_RESOURCE?: string;
  OIDC_AUDIENCE?: string;
  OIDC_NAME?: string;
  /** Any other variable of the container's environment. */
  [other: string]: string | undefined;
}

/** Each hook run's own directory (they run side by side), removed by removeHookDirs. */
const hookDirs: string[] = [];

/** For each test file's afterAll (the files share this module: vitest.config runs them unisolated). */
export function removeHookDirs(): void {
  for (const hookDir of hookDirs.splice(0)) rmSync(hookDir, { recursive: true, force: true });
}

export interface HookRun {
  status: number | null;
  stderr: string;
  htmlDir: string;
  apiOrigin: string;
  imageSources: string;
  /** The sites that may frame /embed/, or 'none'. */
  frameAncestors: string;
}

/**
 * Sources the container start-up hook as the nginx image's entrypoint does (HOOK_SH_ARGS).
 * Asynchronous, so the hook's tests run side by side (`describe.concurrent`): each run is a
 * shell starting dozens of small programs, and one after another they were the unit tests' longest
 * wait, with the second core idle once the other checks had finished.
 */
export function runHook(env: HookEnv, cwd?: string): Promise<HookRun> {
  const htmlDir = mkdtempSync(join(tmpdir(), 'nginx-config-hook-'));
  hookDirs.push(htmlDir);
  return new Promise((resolve, reject) => {
    const child = spawn('sh', HOOK_SH_ARGS, {
      env: { PATH: process.env.PATH, CONSOLE_HTML_DIR: htmlDir, ...env },
      cwd,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      const [apiOrigin = '', imageSources = '', frameAncestors = ''] = stdout.split('\n');
      resolve({ status, stderr, htmlDir, apiOrigin, imageSources, frameAncestors });
    });
  });
}

/** An APIS entry's `oidc=ISSUER,CLIENT_ID[,key=value]…`, as config.json's `oidc`. */
function entryOidc(text: string): Record<string, string> {
  const [issuer = '', clientId = '', ...rest] = text.split(',').map((field) => field.trim());
  return {
    issuer,
    clientId,
    ...Object.fromEntries(
      rest.filter(Boolean).map((field) => field.split('=') as [string, string]),
    ),
  };
}

/** The config.json a person would write by hand for the same settings. */
export function configFor(env: HookEnv): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  if (env.API_BASE_URL?.trim()) config.apiBaseUrl = env.API_BASE_URL.trim();
  if (env.APIS?.trim()) {
    config.apis = env.APIS.split(/[;\n]/)
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => {
        const [name = '', baseUrl, ...flags] = entry.split('|').map((field) => field.trim());
        const oidc = flags.find((flag) => flag.startsWith('oidc='));
        return {
          name,
          baseUrl,
          ...(flags.includes('production') && { production: true }),
          // Anything else, as the app would read it (and refuse it).
          ...Object.fromEntries(
            flags
              .filter((flag) => flag !== 'production' && !flag.startsWith('oidc='))
              .map((flag) => ['production', flag]),
          ),
          ...(oidc && { oidc: entryOidc(oidc.slice('oidc='.length)) }),
        };
      });
  }
  if (env.OIDC_ISSUER?.trim()) {
    config.oidc = {
      issuer: env.OIDC_ISSUER.trim(),
      clientId: env.OIDC_CLIENT_ID?.trim(),
      ...(env.OIDC_SCOPE?.trim() && { scope: env.OIDC_SCOPE.trim() }),
      ...(env.OIDC_RESOURCE?.trim() && { resource: env.OIDC_RESOURCE.trim() }),
      ...(env.OIDC_AUDIENCE?.trim() && { audience: env.OIDC_AUDIENCE.trim() }),
      ...(env.OIDC_NAME?.trim() && { name: env.OIDC_NAME.trim() }),
    };
  }
  if (env.REQUEST_TIMEOUT_MS !== undefined) {
    const text = env.REQUEST_TIMEOUT_MS.trim();
    config.requestTimeoutMs = /^\d+$/.test(text) ? Number(text) : text;
  }
  if (env.IMAGE_ORIGINS?.trim()) {
    config.imageOrigins = env.IMAGE_ORIGINS.split(/[\s,]+/).filter(Boolean);
  }
  if (env.EMBED_ORIGINS?.trim()) {
    config.embedOrigins = env.EMBED_ORIGINS.split(/[\s,]+/).filter(Boolean);
  }
  return config;
}

/** Whether the console starts with the config.json a person would write for these settings. */
export function consoleAccepts(env: HookEnv): boolean {
  try {
    resolveSettings(configFor(env), undefined, readApis, readConfigOidc, unknownKeysProblem);
    return true;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return false;
  }
}
