import { useLocation } from 'react-router';
import { Link } from '../components/link';
import { useDocumentTitle } from '../components/use-document-title';

export function NotFoundPage() {
  const location = useLocation();
  useDocumentTitle('Page not found');
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="text-sm">
        The console has no page at <code className="font-mono break-all">{location.pathname}</code>.
      </p>
      <Link to="/users" className="text-sm text-blue-700 underline dark:text-blue-300">
        Go to users
      </Link>
    </div>
  );
}
