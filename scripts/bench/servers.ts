import { spawn, type ChildProcess } from 'node:child_process';
import { waitForServer } from '../wait-for-server';

/**
 * The two servers the browser part of the benchmark needs, as separate processes so their work
 * does not share an event loop with the measuring process: the standalone mock API, and the
 * production build served by `vite preview` from a copy of dist/ whose config.json points at it
 * (real-API mode, as e2e/support/serve-build.ts does for the end-to-end suite).
 */

export interface BenchServers {
  appUrl: string;
  apiUrl: string;
  stop(): Promise<void>;
}

const stopping = new WeakSet<ChildProcess>();

export function startNode(args: string[], label: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
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

/** `products`: how many the mock API generates (its default is 5,000). */
export async function startServers(
  portBase: number,
  options: { products?: number } = {},
): Promise<BenchServers> {
  const appPort = portBase + 1;
  const apiPort = portBase + 10;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const appUrl = `http://127.0.0.1:${appPort}`;
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
    const app = startNode(
      ['e2e/support/serve-build.ts', '--port', String(appPort), '--api', apiUrl],
      'The preview server',
    );
    children.push(app);
    await waitForServer(`${appUrl}/`, app, 'The preview server');
  } catch (error) {
    await stop();
    throw error;
  }
  return { appUrl, apiUrl, stop };
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
