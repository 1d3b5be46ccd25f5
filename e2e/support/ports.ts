/**
 * Ports of the servers an end-to-end run starts, all on 127.0.0.1. E2E_PORT_BASE moves them all,
 * so two runs on one machine do not collide.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4180);

export const E2E_PORTS = {
  demo: base,
  realApi: base + 1,
  nginx: base + 2,
  mockApi: base + 10,
} as const;

export const MOCK_API_URL = `http://127.0.0.1:${E2E_PORTS.mockApi}`;

/** What e2e/support/serve-all.ts prints once every server answers. */
export const READY_LINE = 'e2e servers ready';
