import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/button';
import { refusalProblem } from '../../features/auth/refusal';
import { useSessionState, useSessionStore } from '../../features/auth/session-context';
import type { SessionEndReason } from '../../features/auth/session-store';
import { parseToken } from '../../features/auth/token';
import { KeepSignedInBox, TokenField } from '../../features/auth/token-field';
import { CardHeading } from './card-parts';

const END_MESSAGES: Partial<Record<SessionEndReason, string>> = {
  expired: 'Your session expired. Sign in again to see the requester.',
  unauthorized: 'The API no longer accepts this token (401). Sign in again.',
  'signed-out': 'You signed out of the panel.',
  'other-tab': 'You were signed out in another panel.',
  'renewal-refused': 'Your identity provider would not renew your session. Sign in again.',
};

/**
 * The card's own sign-in, inside the frame: the pasted token, as on the sign-in page (the same
 * checks, the same refusal explained), and the provider's popup when the console has one
 * (`provider`). The session is the frame's own (its profile key, app/embed-start.tsx), never the
 * console's. A session that ended here is renewed through the store, which keeps it for the same
 * person and forgets what the last one saw for anyone else.
 */
export function CardSignIn({ apiName, provider }: { apiName: string; provider?: ReactNode }) {
  const store = useSessionStore();
  const { endReason, refusal, renewable } = useSessionState();
  const [input, setInput] = useState(() => refusal?.token ?? '');
  const [remember, setRemember] = useState(false);
  const [problem, setProblem] = useState<string | null>(() =>
    refusal ? refusalProblem(refusal.message, apiName) : null,
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseToken(input);
    try {
      if (!parsed.ok) throw new Error(parsed.problem);
      if (renewable) store.renew(parsed.token, remember);
      else store.signIn(parsed.token, remember);
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  return (
    <div className="space-y-3">
      <CardHeading>Sign in</CardHeading>
      <p>Sign in to the admin console ({apiName}) to see the ticket’s requester here.</p>
      {endReason && END_MESSAGES[endReason] && (
        <p role="status" className="rounded-md bg-slate-100 px-2 py-1.5 dark:bg-slate-800">
          {END_MESSAGES[endReason]}
        </p>
      )}
      {provider}
      <form onSubmit={onSubmit} className="space-y-2" noValidate>
        <TokenField
          value={input}
          onChange={(value) => {
            setInput(value);
            setProblem(null);
          }}
          rows={3}
          hint="Paste a JWT bearer token. A leading “Bearer ” is fine."
          problem={problem}
        />
        <KeepSignedInBox checked={remember} onChange={setRemember} />
        <Button type="submit" variant="primary">
          Sign in
        </Button>
      </form>
    </div>
  );
}
