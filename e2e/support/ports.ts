/**
 * Ports of the servers an end-to-end run starts, all on 127.0.0.1. E2E_PORT_BASE moves them all,
 * so two runs on one machine do not collide.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4180);

export const E2E_PORTS = {
  demo: base,
  realApi: base + 1,
  nginx: base + 2,
  /** The build with config.json listing two APIs (apis.spec.ts). */
  severalApis: base + 3,
  /** nginx with the image's start-up hook given APIS (apis-nginx.spec.ts). */
  nginxSeveralApis: base + 4,
  mockApi: base + 10,
  /** A second mock server: another API on another origin. */
  mockApi2: base + 11,
} as const;

export const MOCK_API_URL = `http://127.0.0.1:${E2E_PORTS.mockApi}`;
export const MOCK_API_2_URL = `http://127.0.0.1:${E2E_PORTS.mockApi2}`;

/**
 * The two APIs of the several-API servers, in the image's APIS format (name|baseUrl[|production]):
 * Staging on the first mock, Production on the second.
 */
export const SEVERAL_APIS = `Staging|${MOCK_API_URL}; Production|${MOCK_API_2_URL}|production`;
