import { useParams } from 'react-router';
import { UserPage } from '../../features/users/user-page';
import { useEnvironment } from '../environment';

export function Component() {
  const { id = '' } = useParams();
  const { imageSources } = useEnvironment();
  // Keyed, so moving from one user to another starts from a clean page (avatar fallback included).
  return <UserPage key={id} id={id} imageSources={imageSources} />;
}
