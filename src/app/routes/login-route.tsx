import { LoginPage } from '../../features/auth/login-page';
import type { SignInProvider } from '../../features/auth/provider-sign-in';
import { SignInApi } from '../sign-in-api';
import { useEnvironment } from '../environment';

export function Component() {
  const { demo, apiName, apis } = useEnvironment();
  const { oidc, key } = apis.current;
  // The provider's code (oauth4webapi) is downloaded only when the button is pressed.
  const provider: SignInProvider | undefined = oidc && {
    name: oidc.name,
    start: (next) =>
      import('../../features/auth/oidc/oidc-client').then((client) =>
        client.startSignIn(oidc, { profileKey: key, next }),
      ),
  };
  return (
    <LoginPage
      apiName={apiName}
      mintDemoToken={demo?.mintToken}
      api={<SignInApi />}
      provider={provider}
    />
  );
}
