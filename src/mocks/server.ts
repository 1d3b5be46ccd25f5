// The mock API over a real network hop, for end-to-end runs and manual work against a local build:
//
//   npx tsx src/mocks/server.ts [--port 4010] [--host 127.0.0.1] [--users 1000] [--products 5000]
//                               [--catalogue even|skewed]
//                               [--rate-limit 600] [--rate-window 60]
//                               [--trust-issuer http://127.0.0.1:4011]
//                               [--oidc [--oidc-port 4011] [--console-origin <origin>]...]
//
// With --oidc it also starts a local OpenID Provider (src/mocks/oidc-provider.ts) whose access
// tokens this API accepts, and prints the config.json that points a console at both.
// --trust-issuer makes it accept, besides its own HS256 tokens, the RS256/ES256 JWTs and opaque
// tokens of that provider (src/mocks/trusted-issuer.ts); other issuers' are refused with a 401.
// --oidc trusts the provider it starts unless --trust-issuer names another.
// Prints `Mock API listening on <url>` and a one-hour demo token. More tokens and scenarios come
// from `GET <url>/__demo/token` and `POST <url>/__demo/scenario` (see handlers/demo.ts).
// `GET <url>/__demo/requests` (this server only) lists the last API requests it received with
// the bearer token each carried, so an end-to-end test can tell which token reached which server.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { getResponse } from 'msw';
import type { TrustedIssuer } from './auth.ts';
import { CATALOGUES, type Catalogue } from './data.ts';
import { mintDemoToken } from './jwt.ts';
import { listenOnLoopback } from './listen.ts';
import { createMockApi, type CreateMockApiOptions, type MockApi } from './mock-api.ts';
import { randomId } from './random-id.ts';
import { DEFAULT_RATE_LIMIT } from './rate-limiter.ts';
import { createTrustedIssuer } from './trusted-issuer.ts';

export interface MockServerOptions extends CreateMockApiOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
}

export interface MockServer {
  url: string;
  api: MockApi;
  close(): Promise<void>;
}

// The mock accepts a public signing secret, so it must never be reachable from another machine.
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

const CORS_HEADERS = {
  'Access-Control-Expose-Headers':
    'X-Request-Id, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, WWW-Authenticate',
  Vary: 'Origin',
};

const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Accept, Content-Type, X-Demo-Prefetch',
  'Access-Control-Max-Age': '600',
};

async function toFetchRequest(message: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = message.method ?? 'GET';
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const chunks: Buffer[] = [];
    for await (const chunk of message) chunks.push(chunk as Buffer);
    body = new Uint8Array(Buffer.concat(chunks));
  }
  return new Request(new URL(message.url ?? '/', origin), { method, headers, body });
}

function notFound(method: string, pathname: string): Response {
  const requestId = `req_${randomId(16)}`;
  return Response.json(
    {
      error: {
        code: 'not_found',
        message: `No route for ${method} ${pathname}`,
        request_id: requestId,
      },
    },
    { status: 404, headers: { 'X-Request-Id': requestId } },
  );
}

function internalError(error: unknown): Response {
  const requestId = `req_${randomId(16)}`;
  return Response.json(
    {
      error: {
        code: 'internal_error',
        message: `The mock server failed: ${String(error)}`,
        request_id: requestId,
      },
    },
    { status: 500, headers: { 'X-Request-Id': requestId } },
  );
}

/**
 * Streams the body as it is produced, so a scenario that sends headers and then a byte a second
 * (slow-loris) behaves over HTTP as it would from a real server. A client that hangs up stops it.
 */
async function writeResponse(
  response: Response,
  extraHeaders: Record<string, string>,
  res: ServerResponse,
): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, { ...headers, ...extraHeaders });
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.once('close', () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read();
    if (done || res.destroyed) break;
    res.write(value);
  }
  res.end();
}

/** What `GET /__demo/requests` lists: one API request as received. */
export interface ReceivedRequest {
  method: string;
  /** Path and query. */
  path: string;
  /** The bearer token sent, or null. */
  token: string | null;
}

const MAX_RECEIVED = 2_000;
const RECEIVED_PATH = '/__demo/requests';

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { port = 0, host = '127.0.0.1', ...apiOptions } = options;
  if (!LOOPBACK_HOSTS.has(host)) {
    throw new Error(`Refusing to listen on ${host}: the mock API only listens on loopback hosts`);
  }
  const api = createMockApi(apiOptions);
  api.db.prepare();
  let origin = '';
  const received: ReceivedRequest[] = [];

  const server = createServer((req, res) => {
    const cors = {
      ...CORS_HEADERS,
      'Access-Control-Allow-Origin': req.headers.origin ?? '*',
    };
    void (async () => {
      let response: Response;
      try {
        const path = req.url ?? '/';
        if (req.method === 'OPTIONS') {
          response = new Response(null, { status: 204, headers: PREFLIGHT_HEADERS });
        } else if (req.method === 'GET' && path === RECEIVED_PATH) {
          response = Response.json({ requests: received });
        } else {
          if (!path.startsWith('/__demo/')) {
            const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
            received.push({ method: req.method ?? 'GET', path, token: bearer?.[1] ?? null });
            if (received.length > MAX_RECEIVED) received.shift();
          }
          const request = await toFetchRequest(req, origin);
          response =
            (await getResponse(api.handlers, request)) ??
            notFound(request.method, new URL(request.url).pathname);
        }
      } catch (error) {
        response = internalError(error);
      }
      await writeResponse(response, cors, res);
    })().catch((error: unknown) => {
      // Only reached when the socket itself failed; there is nobody left to answer.
      console.error('Mock API could not write a response:', error);
      res.destroy();
    });
  });

  origin = await listenOnLoopback(server, port, host);

  return {
    url: origin,
    api,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function wholeNumber(name: string, text: string | undefined, min = 0): number | undefined {
  if (text === undefined) return undefined;
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(`--${name} must be a whole number of at least ${min}, got "${text}"`);
  }
  return value;
}

function catalogueOption(text: string | undefined): Catalogue | undefined {
  if (text === undefined) return undefined;
  if (!(CATALOGUES as readonly string[]).includes(text)) {
    throw new Error(`--catalogue must be one of ${CATALOGUES.join(', ')}, got "${text}".`);
  }
  return text as Catalogue;
}

function trustedIssuerOption(text: string | undefined): TrustedIssuer | undefined {
  if (text === undefined) return undefined;
  try {
    return createTrustedIssuer(text);
  } catch (error) {
    throw new Error(`--trust-issuer: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      // Everything else defaults inside createMockApi, so the CLI and in-process servers agree.
      host: { type: 'string', default: '127.0.0.1' },
      users: { type: 'string' },
      products: { type: 'string' },
      catalogue: { type: 'string' },
      'rate-limit': { type: 'string' },
      'rate-window': { type: 'string' },
      'trust-issuer': { type: 'string' },
      oidc: { type: 'boolean', default: false },
      'oidc-port': { type: 'string' },
      'console-origin': { type: 'string', multiple: true },
    },
  });
  const mock = await startMockServer({
    port: wholeNumber('port', values.port),
    host: values.host,
    users: wholeNumber('users', values.users),
    products: wholeNumber('products', values.products),
    catalogue: catalogueOption(values.catalogue),
    rateLimit: {
      limit: wholeNumber('rate-limit', values['rate-limit']) ?? DEFAULT_RATE_LIMIT.limit,
      windowMs: (wholeNumber('rate-window', values['rate-window'], 1) ?? 60) * 1000,
    },
    trustedIssuer: trustedIssuerOption(values['trust-issuer']),
  });
  console.log(`Mock API listening on ${mock.url}`);
  const trusted = values['trust-issuer'];
  if (trusted !== undefined) {
    console.log(`It also accepts the signed and opaque tokens of ${trusted}`);
  }
  console.log(`Demo token (valid 1 h): ${await mintDemoToken('valid')}`);
  let closeOidc = (): Promise<void> => Promise.resolve();
  if (values.oidc) {
    // Loaded only here: the provider is a development dependency of this command alone.
    const { startMockOidc, OIDC_CLIENT_ID } = await import('./oidc-provider.ts');
    const oidc = await startMockOidc({
      port: wholeNumber('oidc-port', values['oidc-port']) ?? Number(new URL(mock.url).port) + 1,
      host: values.host,
      apiUrl: mock.url,
      // `npm run demo` (5173) and `npm run preview` (4173), by either loopback name.
      consoleOrigins: values['console-origin'] ?? [
        'http://localhost:5173',
        'http://127.0.0.1:5173',
        'http://localhost:4173',
        'http://127.0.0.1:4173',
      ],
    });
    closeOidc = () => oidc.close();
    if (trusted === undefined) mock.api.trust(createTrustedIssuer(oidc.issuer));
    console.log(`Mock identity provider listening on ${oidc.issuer} (any login and password)`);
    console.log(
      `config.json for a console: ${JSON.stringify({ apiBaseUrl: mock.url, oidc: { issuer: oidc.issuer, clientId: OIDC_CLIENT_ID, name: 'Mock SSO' } })}`,
    );
  }

  const shutdown = () => {
    Promise.all([mock.close(), closeOidc()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

const isEntryPoint =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
