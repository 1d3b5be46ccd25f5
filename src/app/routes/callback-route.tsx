import { OidcCallback } from '../../features/auth/oidc/oidc-callback';
import { useEnvironment } from '../environment';

export function Component() {
  const { apis } = useEnvironment();
  return <OidcCallback profiles={apis.profiles} current={apis.current} switchTo={apis.switchTo} />;
}
