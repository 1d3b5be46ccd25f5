import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { waitForServer } from '../wait-for-server';

/**
 * The servers the browser part of the benchmark needs, as separate processes so their work does
 * not share an event loop with the measuring process: the standalone mock API, and a production
 * build served from a copy of its dist/ whose config.json points at it (real-API mode, by
 * e2e/support/serve-build.ts, as for the end-to-end suite). A comparison serves two builds, each
 * from its own tree, against the one mock API.
 */

export interface BenchServers {
  /** The first build's address. */
  appUrl: string;
  /** Every build's address, in the order of `appDirs`. */
  appUrls: string[];
  apiUrl: string;
  stop(): Promise<void>;
}

const stopping = new WeakSet<ChildProcess>();

/** `cwd`: the tree whose files the program reads (by default this one). */
export function startNode(args: string[], label: string, cwd?: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(cwd !== undefined && { cwd }),
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal === null && !stopping.has(child)) {
      console.error(`${label} exited with code ${code}:\n${output}`);
    }
  });
  return child;
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  stopping.add(child);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const SERVE_BUILD = fileURLToPath(new URL('../../e2e/support/serve-build.ts', import.meta.url));

/**
 * `products`: how many the mock API generates (its default is 5,000); `appDirs`: the trees whose
 * dist/ is served, on ports from portBase + 1 (by default this one).
 */
export async function startServers(
  portBase: number,
  options: { products?: number; appDirs?: readonly string[] } = {},
): Promise<BenchServers> {
  const appDirs = options.appDirs ?? [process.cwd()];
  const apiPort = portBase + 10;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const appUrls = appDirs.map((_, index) => `http://127.0.0.1:${portBase + 1 + index}`);
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopChild));
  };
  try {
    // A rate limit the benchmark cannot reach: it measures speed, not throttling.
    const size = options.products === undefined ? [] : ['--products', String(options.products)];
    const api = startNode(
      ['src/mocks/server.ts', '--port', String(apiPort), '--rate-limit', '1000000', ...size],
      'The mock API',
    );
    children.push(api);
    await waitForServer(`${apiUrl}/__demo/token?variant=valid`, api, 'The mock API');
    for (const [index, dir] of appDirs.entries()) {
      const appUrl = appUrls[index] as string;
      const app = startNode(
        [SERVE_BUILD, '--port', new URL(appUrl).port, '--api', apiUrl],
        'The build server',
        dir,
      );
      children.push(app);
      await waitForServer(`${appUrl}/`, app, 'The build server');
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { appUrl: appUrls[0] as string, appUrls, apiUrl, stop };
}

export async function demoToken(apiUrl: string): Promise<string> {
  const response = await fetch(`${apiUrl}/__demo/token?variant=valid`);
  const { token } = (await response.json()) as { token: string };
  return token;
}

/** A user to open on the user page: the first of the default listing. */
export async function firstUser(apiUrl: string, token: string): Promise<{ id: string }> {
  const response = await fetch(`${apiUrl}/v1/users?limit=1`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  const { data } = (await response.json()) as { data: { id: string }[] };
  if (!data[0]) throw new Error('The mock API listed no users.');
  return data[0];
}
