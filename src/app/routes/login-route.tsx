import { LoginPage } from '../../features/auth/login-page';
import { useEnvironment } from '../environment';

export function Component() {
  const { demo, label } = useEnvironment();
  return <LoginPage apiName={label} mintDemoToken={demo?.mintToken} />;
}
