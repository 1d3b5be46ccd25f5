import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button } from '../../components/button';
import { CopyButton } from '../../components/copy-button';
import { JsonTree } from '../../components/json-tree';
import { QueryAlert } from '../../components/query-alert';
import { formatJson } from '../../lib/json-text';
import { accountQueryOptions } from './api/account-api';

/** GET /v3/account: its shape is undocumented, so it is shown as whatever JSON comes back. */
export function AccountPage() {
  const query = useQuery(accountQueryOptions());
  const [view, setView] = useState<'tree' | 'raw'>('tree');
  const raw = useMemo(
    () => (query.data === undefined ? { text: '', truncated: false } : formatJson(query.data)),
    [query.data],
  );

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Account</h1>
      <QueryAlert query={query} what="the account" />
      {query.isPending && !query.error && (
        <p aria-busy="true" className="text-sm text-slate-600 dark:text-slate-300">
          Loading the account…
        </p>
      )}
      {query.isSuccess && (
        <section
          aria-label="Account response"
          className="space-y-3 rounded-md border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="flex flex-wrap items-center gap-2">
            <div role="group" aria-label="View" className="inline-flex gap-1">
              <Button
                aria-pressed={view === 'tree'}
                variant={view === 'tree' ? 'primary' : 'secondary'}
                onClick={() => setView('tree')}
              >
                Tree
              </Button>
              <Button
                aria-pressed={view === 'raw'}
                variant={view === 'raw' ? 'primary' : 'secondary'}
                onClick={() => setView('raw')}
              >
                Raw JSON
              </Button>
            </div>
            <CopyButton text={raw.text} label="Copy JSON" />
          </div>
          {raw.truncated && (
            <p className="text-sm text-amber-900 dark:text-amber-200">
              This response is too large or too deeply nested to show whole: parts of it are
              truncated here and in the copied JSON.
            </p>
          )}
          {view === 'tree' ? (
            <JsonTree value={query.data} label="account" />
          ) : (
            <pre className="max-h-[32rem] overflow-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-950">
              {raw.text}
            </pre>
          )}
        </section>
      )}
    </div>
  );
}
