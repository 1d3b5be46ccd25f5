import { LoginPage } from '../../features/auth/login-page';
import { SignInApi } from '../sign-in-api';
import { useEnvironment } from '../environment';

export function Component() {
  const { demo, apiName } = useEnvironment();
  return <LoginPage apiName={apiName} mintDemoToken={demo?.mintToken} api={<SignInApi />} />;
}
