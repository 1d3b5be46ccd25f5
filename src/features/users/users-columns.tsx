import { useLocation } from 'react-router';
import { Link } from '../../components/link';
import { apiLine } from '../../lib/display-text';
import {
  DateTimeText,
  IdCell,
  MAX_CELL_TEXT,
  TRUNCATE_CLASSES,
  TruncatedText,
} from '../../components/data-table/cells';
import { useCellTabIndex } from '../../components/data-table/in-table-row';
import { createDataTableColumnHelper } from '../../components/data-table/table-features';
import type { User } from './api/users-api';
import type { UsersListState } from './last-users-search';
import { userPath } from './user-path';

const helper = createDataTableColumnHelper<User>();

/** Column ids are the API's field names, which is what `sort` takes. */
export const usersColumns = helper.columns([
  helper.accessor('id', {
    header: 'ID',
    cell: (info) => <IdCell id={info.getValue()} />,
    // Always shown: it names the row, and a table keeps at least one column.
    meta: { width: 224, alwaysVisible: true },
  }),
  helper.accessor('name', {
    header: 'Name',
    meta: { width: 288, sortable: true },
    cell: (info) => <UserNameLink user={info.row.original} />,
  }),
  helper.accessor('email', {
    header: 'Email',
    cell: (info) => <TruncatedText text={info.getValue()} maxChars={36} className="max-w-72" />,
    meta: { width: 352 },
  }),
  helper.accessor('created_at', {
    header: 'Created',
    cell: (info) => <DateTimeText value={info.getValue()} />,
    // Room for the zone's name after the time ("Mar 1, 2024, 12:59 PM GMT+13").
    meta: { width: 256, sortable: true },
  }),
]);

const LONG_NAME = 40;

function UserNameLink({ user }: { user: User }) {
  // The list's view travels with the link, so the user page can go back to the same page.
  const { search } = useLocation();
  const state: UsersListState = { usersSearch: search };
  const name = apiLine(user.name, MAX_CELL_TEXT);
  return (
    <Link
      to={userPath(user.id)}
      state={state}
      tabIndex={useCellTabIndex()}
      title={user.name.length > LONG_NAME ? name : undefined}
      className={`max-w-80 font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300 ${user.name.length > LONG_NAME ? TRUNCATE_CLASSES : ''}`}
    >
      {name}
    </Link>
  );
}
