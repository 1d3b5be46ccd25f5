import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { E2E_PORTS, MOCK_API_2_URL, MOCK_API_URL, READY_LINE, SEVERAL_APIS } from './ports';

/**
 * Starts every server an end-to-end run needs, side by side, and prints READY_LINE once all of
 * them answer (Playwright waits for that line): the standalone mock APIs (two: a second API on another origin),
 * the build served in demo mode, the build pointed at the mock (real-api), the build served by
 * nginx, and the build and nginx configured with both APIs (apis.spec.ts, apis-nginx.spec.ts). Playwright starts the servers of its `webServer`
 * list one after another, each waiting for the last; started together they are ready in the time
 * of the slowest. Each runs in its own Node process (a slow answer from the mock must not hold up
 * the pages' files), loaded with `node --import tsx` rather than `npx tsx`, which adds an npm and
 * a second Node process per server. Playwright stops the whole process group at the end.
 */
interface Server {
  name: string;
  script: string;
  args: string[];
  /** Answers once the server is up. */
  url: string;
}

const SERVERS: readonly Server[] = [
  {
    name: 'mock API',
    script: 'src/mocks/server.ts',
    args: ['--port', String(E2E_PORTS.mockApi)],
    url: `${MOCK_API_URL}/__demo/token`,
  },
  {
    name: 'second mock API',
    script: 'src/mocks/server.ts',
    args: ['--port', String(E2E_PORTS.mockApi2)],
    url: `${MOCK_API_2_URL}/__demo/token`,
  },
  {
    name: 'demo build',
    script: 'e2e/support/serve-build.ts',
    args: ['--port', String(E2E_PORTS.demo)],
    url: `http://127.0.0.1:${E2E_PORTS.demo}/`,
  },
  {
    name: 'real-api build',
    script: 'e2e/support/serve-build.ts',
    args: ['--port', String(E2E_PORTS.realApi), '--api', MOCK_API_URL],
    url: `http://127.0.0.1:${E2E_PORTS.realApi}/`,
  },
  {
    name: 'nginx',
    script: 'e2e/support/serve-nginx.ts',
    args: ['--port', String(E2E_PORTS.nginx), '--api', MOCK_API_URL],
    url: `http://127.0.0.1:${E2E_PORTS.nginx}/`,
  },
  {
    name: 'several-API build',
    script: 'e2e/support/serve-build.ts',
    args: ['--port', String(E2E_PORTS.severalApis), '--apis', SEVERAL_APIS],
    url: `http://127.0.0.1:${E2E_PORTS.severalApis}/`,
  },
  {
    name: 'nginx with several APIs',
    script: 'e2e/support/serve-nginx.ts',
    args: ['--port', String(E2E_PORTS.nginxSeveralApis), '--apis', SEVERAL_APIS],
    url: `http://127.0.0.1:${E2E_PORTS.nginxSeveralApis}/`,
  },
];

const POLL_MS = 100;
/** Within playwright.config.ts's webServer timeout, so this one's message is the one seen. */
const START_TIMEOUT_MS = 110_000;

function start(server: Server): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', server.script, ...server.args], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Resolves when the URL answers (any HTTP status); rejects if the process ends first. */
async function answered(server: Server, child: ChildProcess): Promise<void> {
  let ended: string | undefined;
  child.once('exit', (code, signal) => {
    ended = `${server.name} stopped before it answered (${signal ?? `exit code ${code}`})`;
  });
  const deadline = performance.now() + START_TIMEOUT_MS;
  for (;;) {
    if (ended) throw new Error(ended);
    try {
      await fetch(server.url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      if (performance.now() > deadline) {
        throw new Error(`${server.name} did not answer ${server.url} in ${START_TIMEOUT_MS} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

const begun = performance.now();
const children = SERVERS.map((server) => ({ server, child: start(server) }));
const stopAll = () => {
  for (const { child } of children) child.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopAll();
    process.exit(1);
  });
}

try {
  await Promise.all(children.map(({ server, child }) => answered(server, child)));
} catch (error) {
  console.error((error as Error).message);
  stopAll();
  process.exit(1);
}
console.log(`${READY_LINE} in ${((performance.now() - begun) / 1000).toFixed(1)} s`);

// A server that stops during the run fails the run's remaining tests loudly rather than slowly.
for (const { server, child } of children) {
  child.once('exit', (code, signal) => {
    console.error(`${server.name} stopped during the run (${signal ?? `exit code ${code}`})`);
    stopAll();
    process.exit(1);
  });
}
