import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts a test server listening on `host` (a loopback host; `[::1]` as written in a URL) and
 * `port` (0: any free one), and gives back its origin, `http://127.0.0.1:4190`: the mock API and
 * the mock identity provider start the same way.
 */
export async function listenOnLoopback(
  server: Server,
  port: number,
  host: string,
): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host.replace(/^\[(.*)\]$/, '$1'), () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostInUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${hostInUrl}:${address.port}`;
}
