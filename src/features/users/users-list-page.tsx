import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { usersListQueryOptions } from './api/users-api';

export function UsersListPage() {
  const query = useQuery(usersListQueryOptions({ page: 1, limit: 50 }));
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Users</h1>
      {query.error && (
        <ErrorAlert error={query.error} what="users" onRetry={() => void query.refetch()} />
      )}
      {query.data && (
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {query.data.data.map((user) => (
              <tr key={user.id}>
                <td className="font-mono text-xs">{user.id}</td>
                <td>
                  <Link to={`/users/${encodeURIComponent(user.id)}`}>{user.name}</Link>
                </td>
                <td>{user.email}</td>
                <td>{user.created_at}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
