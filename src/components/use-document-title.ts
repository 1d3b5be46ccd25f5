import { useEffect } from 'react';

const APP_NAME = 'Admin console';

/** "Production" while a production API is chosen: the tab's title says it before anything else. */
let titlePrefix: string | undefined;

export function setDocumentTitlePrefix(prefix: string | undefined): void {
  titlePrefix = prefix;
}

/**
 * Sets the tab's title, most specific first: "Grace Hopper · Users · Admin console" (with a
 * production API, "PRODUCTION · Grace Hopper · Users · Admin console").
 */
export function useDocumentTitle(...parts: (string | undefined)[]): void {
  const title = [
    titlePrefix,
    ...parts.filter((part) => part !== undefined && part !== ''),
    APP_NAME,
  ]
    .filter((part) => part !== undefined)
    .join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
