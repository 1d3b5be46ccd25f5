import type { ComponentType } from 'react';
import type { ErrorAlertProps } from './error-alert';
import { rememberedModule } from './lazy-module';

/**
 * The full error alert (explanations, countdown, Copy request ID, Copy as curl) is not on any
 * page's first render: it is fetched once a page has settled (preloadErrorAlert, from the
 * signed-in layout) and, should that not have happened yet, when a failure is shown (QueryAlert).
 * Its own module, so that the layout can preload it without the alert code.
 */
const errorAlert = rememberedModule<ComponentType<ErrorAlertProps>>(() =>
  import('./error-alert').then((module) => module.ErrorAlert),
);

export const loadErrorAlert = errorAlert.load;

/** The alert, if it has arrived. */
export function loadedErrorAlert(): ComponentType<ErrorAlertProps> | null {
  return errorAlert.loaded() ?? null;
}

export function preloadErrorAlert(): void {
  loadErrorAlert().catch(() => undefined);
}
