import type { ChildProcess } from 'node:child_process';
import { get } from 'node:http';

/**
 * The status a server at `url` answers with, or null when nothing answers. Not `fetch`: it refuses
 * the ports the Fetch standard calls bad (4190 and 6000 among them), which a port base can land on.
 */
export function answerStatus(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const request = get(url, { timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? null);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

/** Waits until the server `child` started answers `url` with a 2xx, or fails if it stops first. */
export async function waitForServer(
  url: string,
  child: ChildProcess,
  label: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await answerStatus(url);
    if (status !== null && status >= 200 && status < 300) return;
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${label} exited before answering at ${url}.`);
    }
    if (Date.now() > deadline) {
      throw new Error(`${label} did not answer at ${url} within ${timeoutMs / 1000} s.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
