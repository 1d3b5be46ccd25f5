// The Find page shows users in the users table, as the Users page does. Importing the Users page's
// module makes this page reach the same modules, so the bundler keeps the chunks the Users and
// Products pages already load, instead of splitting them by which pages share which module (each
// extra chunk costs bytes and a request on those pages' first render). Nothing of Find is added
// to them.
import './users-route';
import { FindPage } from '../../features/users/find/find-page';
import { useEnvironment } from '../environment';

export function Component() {
  const { apiBaseUrl } = useEnvironment();
  return <FindPage apiBaseUrl={apiBaseUrl} />;
}
