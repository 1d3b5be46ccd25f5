// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { serveAll, type E2EServer } from './serve-all';

/** A port nothing listens on (the system's pick, released again). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A server that starts listening after `delayMs`, as the real ones take a moment. */
function slowServer(name: string, port: number, delayMs: number): E2EServer {
  const code = `setTimeout(() => require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1'), ${delayMs})`;
  return { name, args: ['-e', code], url: `http://127.0.0.1:${port}/` };
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('serveAll', () => {
  it('starts the servers together and resolves once every one answers; stop ends them', async () => {
    const [a, b] = [await freePort(), await freePort()];
    // The first listens only once the second answers: started one after another, as Playwright's
    // own list would, the first would never answer.
    const afterSecond: E2EServer = {
      name: 'first',
      args: [
        '-e',
        `const http = require('node:http');
        const poll = () => http.get('http://127.0.0.1:${b}/', (response) => {
          response.resume();
          http.createServer((q, s) => s.end('ok')).listen(${a}, '127.0.0.1');
        }).on('error', () => setTimeout(poll, 50));
        poll();`,
      ],
      url: `http://127.0.0.1:${a}/`,
    };
    const { stop } = await serveAll([afterSecond, slowServer('second', b, 500)]);
    cleanups.push(stop);
    expect(await answers(`http://127.0.0.1:${a}/`)).toBe(true);
    expect(await answers(`http://127.0.0.1:${b}/`)).toBe(true);
    stop();
    await expect.poll(() => answers(`http://127.0.0.1:${a}/`), { timeout: 5_000 }).toBe(false);
    await expect.poll(() => answers(`http://127.0.0.1:${b}/`), { timeout: 5_000 }).toBe(false);
  });

  it('fails when a server exits before answering, and stops the others', async () => {
    const [a, b] = [await freePort(), await freePort()];
    const quitter: E2EServer = {
      name: 'broken',
      args: ['-e', 'process.exit(3)'],
      url: `http://127.0.0.1:${b}/`,
    };
    await expect(serveAll([slowServer('fine', a, 0), quitter])).rejects.toThrow(
      `The broken server exited before answering at http://127.0.0.1:${b}/.`,
    );
    await expect.poll(() => answers(`http://127.0.0.1:${a}/`), { timeout: 5_000 }).toBe(false);
  });

  it('refuses to start when something already answers on a port, naming it', async () => {
    const port = await freePort();
    const other: Server = createServer((_, response) => response.end('someone else'));
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
    cleanups.push(() => other.close());
    await expect(serveAll([slowServer('mine', port, 0)])).rejects.toThrow(
      `Already in use: http://127.0.0.1:${port}/.`,
    );
  });
});
