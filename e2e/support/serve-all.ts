import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { answerStatus, waitForServer } from '../../scripts/wait-for-server';
import {
  E2E_PORTS,
  EMBED_CONFIG,
  EMBED_CONSOLE_URL,
  HELP_DESK_URL,
  MOCK_API_2_URL,
  MOCK_API_URL,
  OIDC_APIS_CONFIG,
  OIDC_APIS_CONSOLE_URL,
  OIDC_CONFIG,
  OIDC_CONSOLE_URL,
  PROVIDER_2_URL,
  PROVIDER_URL,
  SEVERAL_APIS,
} from './ports';

/**
 * Starts every server an end-to-end run needs at once, and prints READY_LINE when all of them
 * answer. Playwright starts the servers of its `webServer` list one after another, each waiting
 * for the one before to answer: about 9 s for these seven, where together they take as long as the
 * slowest. Playwright starts this script (playwright.config.ts) and, at the end of the run, stops
 * its process group, these servers included.
 */

export interface E2EServer {
  name: string;
  /** The script to run with `node --import tsx`, and its arguments. */
  args: string[];
  /** Answers with a 2xx once the server is up. */
  url: string;
}

const app = (port: number) => `http://127.0.0.1:${port}/`;

export const E2E_SERVERS: readonly E2EServer[] = [
  {
    name: 'mock API',
    // Accepts the first provider's RS256, ES256 and opaque tokens too; the second mock API trusts
    // no provider and refuses them (see ports.ts). Both accept the providers' default HS256 ones.
    args: [
      'src/mocks/server.ts',
      '--port',
      String(E2E_PORTS.mockApi),
      '--trust-issuer',
      PROVIDER_URL,
    ],
    url: `${MOCK_API_URL}/__demo/token`,
  },
  {
    name: 'second mock API',
    // Another API's data: the skewed catalogue (e2e/overview.spec.ts counts it exactly).
    args: ['src/mocks/server.ts', '--port', String(E2E_PORTS.mockApi2), '--catalogue', 'skewed'],
    url: `${MOCK_API_2_URL}/__demo/token`,
  },
  {
    name: 'demo build',
    args: ['e2e/support/serve-build.ts', '--port', String(E2E_PORTS.demo)],
    url: app(E2E_PORTS.demo),
  },
  {
    name: 'real-API build',
    args: [
      'e2e/support/serve-build.ts',
      '--port',
      String(E2E_PORTS.realApi),
      '--api',
      MOCK_API_URL,
    ],
    url: app(E2E_PORTS.realApi),
  },
  {
    name: 'nginx',
    args: ['e2e/support/serve-nginx.ts', '--port', String(E2E_PORTS.nginx), '--api', MOCK_API_URL],
    url: app(E2E_PORTS.nginx),
  },
  {
    name: 'several-APIs build',
    args: [
      'e2e/support/serve-build.ts',
      '--port',
      String(E2E_PORTS.severalApis),
      '--apis',
      SEVERAL_APIS,
    ],
    url: app(E2E_PORTS.severalApis),
  },
  {
    name: 'several-APIs nginx',
    args: [
      'e2e/support/serve-nginx.ts',
      '--port',
      String(E2E_PORTS.nginxSeveralApis),
      '--apis',
      SEVERAL_APIS,
    ],
    url: app(E2E_PORTS.nginxSeveralApis),
  },
  {
    name: 'identity provider',
    args: [
      'src/mocks/oidc-provider.ts',
      '--port',
      String(E2E_PORTS.provider),
      '--api',
      MOCK_API_URL,
      '--console-origin',
      OIDC_CONSOLE_URL,
      '--console-origin',
      OIDC_APIS_CONSOLE_URL,
      '--console-origin',
      EMBED_CONSOLE_URL,
    ],
    url: `${PROVIDER_URL}/.well-known/openid-configuration`,
  },
  {
    name: 'second identity provider',
    args: [
      'src/mocks/oidc-provider.ts',
      '--port',
      String(E2E_PORTS.provider2),
      '--api',
      MOCK_API_2_URL,
      '--console-origin',
      OIDC_APIS_CONSOLE_URL,
    ],
    url: `${PROVIDER_2_URL}/.well-known/openid-configuration`,
  },
  {
    name: 'identity-provider build',
    args: [
      'e2e/support/serve-build.ts',
      '--port',
      String(E2E_PORTS.oidc),
      '--config',
      JSON.stringify(OIDC_CONFIG),
    ],
    url: app(E2E_PORTS.oidc),
  },
  {
    name: 'two-providers build',
    args: [
      'e2e/support/serve-build.ts',
      '--port',
      String(E2E_PORTS.oidcApis),
      '--config',
      JSON.stringify(OIDC_APIS_CONFIG),
    ],
    url: app(E2E_PORTS.oidcApis),
  },
  {
    name: 'embeddable build',
    args: [
      'e2e/support/serve-build.ts',
      '--port',
      String(E2E_PORTS.embed),
      '--config',
      JSON.stringify(EMBED_CONFIG),
    ],
    url: app(E2E_PORTS.embed),
  },
  {
    name: 'help desk page',
    args: ['e2e/support/help-desk.ts', '--port', String(E2E_PORTS.helpDesk)],
    url: app(E2E_PORTS.helpDesk),
  },
  {
    name: 'embeddable nginx',
    args: [
      'e2e/support/serve-nginx.ts',
      '--port',
      String(E2E_PORTS.nginxEmbed),
      '--api',
      MOCK_API_URL,
      '--embed-origins',
      HELP_DESK_URL,
    ],
    url: app(E2E_PORTS.nginxEmbed),
  },
];

export const READY_LINE = 'All end-to-end servers are ready';
const START_TIMEOUT_MS = 120_000;

/** Starts the servers together; resolves once every one answers, with a way to stop them all. */
export async function serveAll(
  servers: readonly E2EServer[] = E2E_SERVERS,
): Promise<{ stop: () => void }> {
  // As Playwright's own webServer check: a port in use means another run, not this one's server.
  const inUse = await Promise.all(
    servers.map(async (server) => (await answerStatus(server.url)) !== null),
  );
  const taken = servers.filter((_, index) => inUse[index]);
  if (taken.length > 0) {
    throw new Error(
      `Already in use: ${taken.map((server) => server.url).join(', ')}. Stop what runs there, or move this run's ports with E2E_PORT_BASE.`,
    );
  }
  const started = servers.map((server) => ({
    server,
    // `node --import tsx`: no npm and no second Node process per server. Their output is this
    // script's, which Playwright shows.
    child: spawn(process.execPath, ['--import', 'tsx', ...server.args], { stdio: 'inherit' }),
  }));
  const stop = () => {
    for (const { child } of started) child.kill('SIGTERM');
  };
  try {
    await Promise.all(
      started.map(({ server, child }) =>
        waitForServer(server.url, child, `The ${server.name} server`, START_TIMEOUT_MS),
      ),
    );
  } catch (error) {
    stop();
    throw error;
  }
  return { stop };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  serveAll().then(
    ({ stop }) => {
      // Playwright stops the whole process group; a signal to this script alone stops them too.
      for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
        process.once(signal, () => {
          stop();
          process.exit(1);
        });
      }
      console.log(READY_LINE);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
