import * as v from 'valibot';
import { claimsSchema } from './credential';
import { bindingSchema, scopeSchema } from './session-binding';

/**
 * What the console's tabs of one API profile say to each other about the session, over a
 * same-origin BroadcastChannel. Every message names its binding (or, for a request, the asker's
 * scope); a tab acts only on its own. Anything else, or of another shape, is dropped.
 */
const bound = { binding: bindingSchema, token: v.string(), claims: v.optional(claimsSchema) };

export const sessionMessageSchema = v.variant('type', [
  /** This person's session ended here: their other tabs end too. */
  v.object({ type: v.literal('signed-out'), binding: bindingSchema }),
  /** A new tab asks for the session of its scope (API, provider, client as configured there). */
  v.object({ type: v.literal('session-request'), scope: scopeSchema }),
  v.object({ type: v.literal('session-offer'), ...bound }),
  /** The same person's new token: tabs of that binding take it in place. */
  v.object({ type: v.literal('session-renewed'), ...bound }),
]);

export type SessionMessage = v.InferOutput<typeof sessionMessageSchema>;

export function readSessionMessage(data: unknown): SessionMessage | null {
  const result = v.safeParse(sessionMessageSchema, data);
  return result.success ? result.output : null;
}
