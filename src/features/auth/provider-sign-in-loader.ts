import { rememberedModule } from '../../components/lazy-module';

/** The sign-in page's provider part (provider-sign-in.tsx): start-up loads it only with `oidc`. */
export const providerSignIn = rememberedModule(() => import('./provider-sign-in'));
