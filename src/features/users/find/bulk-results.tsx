import { memo } from 'react';
import { Link } from '../../../components/link';
import { apiLine } from '../../../lib/display-text';
import { formatCount } from '../../../lib/format';
import { productPath } from '../../../lib/product-reference';
import { userPath } from '../user-path';
import { shownInput } from './bulk-input';
import type { Row, RowState } from './bulk-lookup';
import { findPath, foreignLinkHost } from './find-query';

/**
 * Look up many's answers: a table row per entry on a screen, a card per entry on a phone (five
 * columns do not fit across), and the words for each answer, shared with the export.
 */

export interface ResultProps {
  row: Row;
  /** This API's and this console's hosts: a link to any other is said to be (describeRow). */
  knownHosts: readonly string[];
}

export const ResultRow = memo(function ResultRow({ row, knownHosts }: ResultProps) {
  const { entry, state } = row;
  const found = foundRecord(state);
  return (
    <tr
      className={`border-t border-slate-100 dark:border-slate-800 ${isNotFound(state) ? NOT_FOUND : ''}`}
    >
      <td className="max-w-48 truncate px-3 py-1.5 font-mono text-xs">
        {apiLine(shownInput(entry.input), 200)}
      </td>
      <td className="px-3 py-1.5">
        <StatusText row={row} knownHosts={knownHosts} />
      </td>
      <td className="px-3 py-1.5 font-mono text-xs">
        {found && (
          <Link to={found.to} className="text-blue-700 underline dark:text-blue-300">
            {apiLine(found.id, 200)}
          </Link>
        )}
      </td>
      <td className="max-w-64 truncate px-3 py-1.5">{found && apiLine(found.name, 200)}</td>
      <td className="max-w-64 truncate px-3 py-1.5">
        {found?.email !== undefined && apiLine(found.email, 200)}
      </td>
    </tr>
  );
});

export const ResultCard = memo(function ResultCard({ row, knownHosts }: ResultProps) {
  const found = foundRecord(row.state);
  return (
    <li
      className={`rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700 ${isNotFound(row.state) ? NOT_FOUND : 'bg-white dark:bg-slate-900'}`}
    >
      <p className="truncate font-mono text-xs">{apiLine(shownInput(row.entry.input), 200)}</p>
      <p className="font-medium">
        <StatusText row={row} knownHosts={knownHosts} />
      </p>
      {found && (
        <p className="min-w-0 truncate">
          <Link to={found.to} className="text-blue-700 underline dark:text-blue-300">
            {apiLine(found.name, 200)}
          </Link>{' '}
          · {apiLine(found.email ?? found.id, 200)}
        </p>
      )}
    </li>
  );
});

/**
 * An entry the API has no user for (an id, an address, or a name nobody has, the search stopped
 * at its bound included): what support acts on, so it stands out and can be shown alone.
 */
export function isNotFound(state: RowState): boolean {
  return state.kind === 'not-found' || (state.kind === 'matches' && state.count === 0);
}

/** A not-found entry's row or card, marked beside its words (never by colour alone). */
const NOT_FOUND =
  'bg-amber-50 shadow-[inset_4px_0_0_0_var(--color-amber-600)] dark:bg-amber-950/40 dark:shadow-[inset_4px_0_0_0_var(--color-amber-400)]';

/** What an entry found: a user (their page) or a product (its details on the Products page). */
export interface FoundRecord {
  id: string;
  name: string;
  /** A user's; a product has none. */
  email?: string | undefined;
  created_at?: string | undefined;
  to: string;
}

export function foundRecord(state: RowState): FoundRecord | undefined {
  if (state.kind === 'product') {
    const { id, name } = state.product;
    return { id, name, to: productPath({ id }) };
  }
  const user = state.kind === 'found' || state.kind === 'matches' ? state.user : undefined;
  return user && { ...user, to: userPath(user.id) };
}

function describeState(state: RowState): string {
  switch (state.kind) {
    case 'waiting':
      return 'Waiting';
    case 'found':
    case 'product':
      return 'Found';
    case 'not-found':
      return 'Not found';
    case 'matches':
      if (state.count === 0) {
        // A search stopped at its bound has not looked everywhere: Find goes on from there.
        return state.truncated
          ? 'Not found yet: the search stopped at its bound'
          : 'Not found: no name has it';
      }
      return state.count === 1
        ? 'Found: 1 match'
        : `${formatCount(state.count)}${state.truncated ? '+' : ''} matches`;
    case 'unfinished':
      return `Not in the first ${formatCount(state.rows)} of ${formatCount(state.total)} users read (Go on reading looks further)`;
    case 'failed':
      return state.reason;
  }
}

/**
 * The status, and for a link to another host than this API's or this console's (a link from
 * another deployment, or a look-alike), that the id it holds was looked up here.
 */
export function describeRow({ entry, state }: Row, knownHosts: readonly string[]): string {
  const described = describeState(state);
  // A product link opens by its id on any host: the Products page reads it so too.
  if (state.kind === 'waiting' || state.kind === 'failed' || entry.query.kind === 'product') {
    return described;
  }
  const foreign = foreignLinkHost(entry.query, knownHosts);
  return foreign === undefined
    ? described
    : `${described} (the link is for another host, ${foreign}: its user ID was looked up here)`;
}

/** The status; for a name with matches, a link to them in Find. */
function StatusText({ row, knownHosts }: { row: Row; knownHosts: readonly string[] }) {
  const { entry, state } = row;
  const described = describeRow(row, knownHosts);
  const more = state.kind === 'matches' && (state.count > 1 || state.truncated);
  if (!more || entry.query.kind !== 'name') {
    return <>{described}</>;
  }
  return (
    <Link to={findPath(entry.query.text)} className="text-blue-700 underline dark:text-blue-300">
      {described}
    </Link>
  );
}
