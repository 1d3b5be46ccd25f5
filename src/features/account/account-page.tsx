import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CopyButton } from '../../components/copy-button';
import { JsonTree } from '../../components/json-tree';
import { QueryAlert } from '../../components/query-alert';
import { RawJson } from '../../components/raw-json';
import { ViewSwitch } from '../../components/view-switch';
import { formatJson } from '../../lib/json-text';
import { accountQueryOptions } from './api/account-api';

const VIEWS = [
  { value: 'tree', label: 'Tree' },
  { value: 'raw', label: 'Raw JSON' },
] as const;

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
            <ViewSwitch value={view} options={VIEWS} onChange={setView} />
            <CopyButton text={raw.text} label="Copy JSON" />
          </div>
          {view === 'tree' ? (
            <JsonTree value={query.data} label="account" />
          ) : (
            <RawJson json={raw} />
          )}
        </section>
      )}
    </div>
  );
}
