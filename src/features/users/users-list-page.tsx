import { useEffect, useId, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../components/link';
import { DataTable } from '../../components/data-table/data-table';
import { useUrlList, type UrlListConfig } from '../../components/data-table/use-url-list';
import { QueryAlert } from '../../components/query-alert';
import { listViewExport } from '../../components/data-table/export/export-source';
import { RefreshStatus } from '../../components/refresh-status';
import {
  userFields,
  USERS_CSV_NOTE,
  usersExportPageQueryOptions,
  usersListQueryOptions,
  type User,
  type UsersListParams,
  type usersKeys,
} from './api/users-api';
import { rememberUsersSearch, type UsersListState } from './last-users-search';
import { SignedUpFilter } from './signed-up-filter';
import { userPath } from './user-path';
import { usersColumns } from './users-columns';
import {
  parseUsersSearch,
  serializeUsersSearch,
  sortingToSort,
  sortToSorting,
} from './users-search-params';
import { useDocumentTitle } from '../../components/use-document-title';

const usersList: UrlListConfig<UsersListParams, User, ReturnType<typeof usersKeys.list>> = {
  parse: parseUsersSearch,
  serialize: serializeUsersSearch,
  queryOptions: usersListQueryOptions,
  views: 'users',
};

function getUserId(user: User): string {
  return user.id;
}

export function UsersListPage() {
  const list = useUrlList(usersList);
  useDocumentTitle('Users');
  const { params } = list;
  const navigate = useNavigate();
  const { search } = useLocation();
  const sorting = useMemo(() => sortToSorting(params.sort), [params.sort]);
  const view = useMemo(
    // The export writes the view's sort, every page of it.
    () => ({
      id: 'users',
      savedViews: true,
      export: {
        ...listViewExport('users', userFields, usersExportPageQueryOptions, params),
        note: USERS_CSV_NOTE,
      },
    }),
    [params],
  );

  // For user pages reached from the lookup box, which carry no way back of their own.
  const canonical = serializeUsersSearch(params).toString();
  // On a phone the tools fold behind a button, so the rows come first.
  const [toolsOpen, setToolsOpen] = useState(false);
  const toolsId = useId();
  useEffect(() => {
    rememberUsersSearch(canonical === '' ? '' : `?${canonical}`);
  }, [canonical]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">Users</h1>
        <RefreshStatus query={list.query} />
        <button
          type="button"
          aria-expanded={toolsOpen}
          aria-controls={toolsId}
          onClick={() => setToolsOpen((open) => !open)}
          className="rounded-md border border-slate-300 px-3 py-1 text-sm sm:hidden dark:border-slate-600"
        >
          More ways to find users
        </button>
      </div>
      {/* Above the table, in view on a laptop's screen: the ways to reach users that the table's
          pages cannot (many at once, by sign-up day). */}
      <div
        id={toolsId}
        className={`${toolsOpen ? 'flex' : 'hidden'} flex-wrap items-end gap-x-8 gap-y-3 sm:flex`}
      >
        <SignedUpFilter />
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Users from a ticket or a spreadsheet?{' '}
          <Link to="/users/bulk" className="text-blue-700 underline dark:text-blue-300">
            Look up many
          </Link>{' '}
          at once by ID, e-mail or link.
        </p>
      </div>
      <QueryAlert query={list.query} what="users" />
      <DataTable
        label="Users"
        noun="users"
        columns={usersColumns}
        data={list.data}
        busy={list.busy}
        pagination={params}
        onPaginationChange={(next) => list.navigate({ ...params, ...next })}
        sorting={sorting}
        onSortingChange={(next) =>
          // A new order makes the old page number meaningless: start again at page 1.
          list.navigate({ page: 1, limit: params.limit, sort: sortingToSort(next) })
        }
        getRowId={getUserId}
        onRowActivate={(user) => {
          const state: UsersListState = { usersSearch: search };
          navigate(userPath(user.id), { state });
        }}
        emptyStatus="No users"
        empty="There are no users."
        view={view}
      />
    </div>
  );
}
