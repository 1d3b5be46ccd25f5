import { useId, useMemo } from 'react';
import { ApiText, apiLine } from '../../components/api-text';
import { Button } from '../../components/button';
import { copyFeedback, useCopy } from '../../components/use-copy';
import { apiClientRef } from '../../lib/api-client';
import type { UserLookup } from './api/users-api';
import { otherFields } from './other-fields';
import { userPath } from './user-path';
import { userTicketText } from './user-ticket';

/**
 * What the user page loads beside its first render (user-page.tsx): the fields the console does
 * not read, and Copy for ticket.
 */

/**
 * **Copy for ticket**: the person handed over in one plain-text block (user-ticket.ts): id, name,
 * e-mail, created, the console link, the API, and every field the API sent.
 */
export function UserTicketButton({ lookup }: { lookup: UserLookup }) {
  const { state, copy } = useCopy();
  function copyTicket() {
    const api = apiClientRef.current;
    const text = userTicketText({
      body: lookup.raw,
      user: lookup.data,
      consoleLink: new URL(userPath(lookup.data.id), window.location.origin).href,
      apiName: api?.name ?? 'unknown',
      apiBaseUrl: api?.baseUrl ?? 'unknown',
      version: __APP_VERSION__,
      at: Date.now(),
    });
    void copy(text);
  }
  return (
    <span className="inline-flex items-center gap-1">
      <Button onClick={copyTicket} className="px-2 py-0.5 text-xs">
        Copy for ticket
      </Button>
      <span className="text-xs">{copyFeedback(state)}</span>
    </span>
  );
}

/** **Other fields**: what the API sent that the console does not read (other-fields.ts). */
export function OtherFields({ body }: { body: unknown }) {
  const otherId = useId();
  const { fields, omitted } = useMemo(() => otherFields(body), [body]);
  return (
    <>
      {fields.length > 0 && (
        <section aria-labelledby={otherId} className="max-w-3xl space-y-1">
          <h2 id={otherId} className="text-sm font-medium text-slate-600 dark:text-slate-300">
            Other fields
          </h2>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Sent by the API, not read by the console; shown as they came.
          </p>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            {fields.map((field) => (
              <div key={field.name} className="contents">
                <dt className="font-mono text-slate-600 dark:text-slate-300">
                  {apiLine(field.name, 100)}
                </dt>
                <dd className="min-w-0 wrap-break-word">
                  {field.json ? (
                    <code className="font-mono text-xs whitespace-pre-wrap">
                      <ApiText text={field.value} />
                    </code>
                  ) : (
                    <ApiText text={field.value} />
                  )}
                </dd>
              </div>
            ))}
          </dl>
          {omitted > 0 && (
            <p className="text-xs">{omitted.toLocaleString('en')} more fields are in Raw JSON.</p>
          )}
        </section>
      )}
    </>
  );
}
