import { UsersListPage } from '../../features/users/users-list-page';

export function Component() {
  return <UsersListPage />;
}
