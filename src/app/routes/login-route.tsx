import { LoginPage } from '../../features/auth/login-page';
import { SignInApi } from '../api-switcher';
import { useEnvironment } from '../environment';

export function Component() {
  const { demo } = useEnvironment();
  return <LoginPage mintDemoToken={demo?.mintToken} api={<SignInApi />} />;
}
