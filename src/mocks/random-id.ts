const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Unpredictable ids (request ids, token `jti`). `getRandomValues` rather than `randomUUID` because
 * the latter is missing outside secure contexts, e.g. a demo build opened over plain http on a LAN.
 */
export function randomId(length = 16): string {
  let id = '';
  while (id.length < length) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(length))) {
      // Bytes of 252 and above are skipped: 252 is the largest multiple of 36 below 256, so every
      // character stays equally likely.
      if (byte < 252 && id.length < length) id += ALPHANUMERIC[byte % 36];
    }
  }
  return id;
}
