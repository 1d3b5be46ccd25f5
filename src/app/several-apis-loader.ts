import { rememberedModule } from '../components/lazy-module';

/**
 * several-apis.tsx: only a console with several APIs or a production one downloads it. Start-up
 * loads it before the first render then, so that the Production marking is in the first frame:
 * the components that show it render it at once (components/lazy-component.tsx).
 */
export const severalApis = rememberedModule(() => import('./several-apis'));
