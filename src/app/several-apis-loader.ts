import { lazyModule } from '../components/lazy-module';

type SeveralApis = typeof import('./several-apis');

let loaded: SeveralApis | undefined;

/**
 * several-apis.tsx: only a console with several APIs or a production one downloads it. Start-up
 * loads it before the first render then, so that the Production marking is in the first frame:
 * the components that show it render it at once (components/lazy-component.tsx).
 */
export const loadSeveralApis = lazyModule(() =>
  import('./several-apis').then((module) => (loaded = module)),
);

/** The module, if it has arrived. */
export function loadedSeveralApis(): SeveralApis | undefined {
  return loaded;
}
