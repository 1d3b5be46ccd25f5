// oidc-provider ships no types; the mock uses a small part of it (src/mocks/oidc-provider.ts).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface FoundToken {
    accountId?: string;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    RefreshToken: { find(value: string): Promise<FoundToken | undefined> };
    AuthorizationCode: { find(value: string): Promise<FoundToken | undefined> };
    on(event: string, listener: (...args: unknown[]) => void): void;
  }
}
