import { useEffect } from 'react';

const APP_NAME = 'Admin console';

/** Sets the tab's title, most specific first: "Grace Hopper · Users · Admin console". */
export function useDocumentTitle(...parts: (string | undefined)[]): void {
  const title = [...parts.filter((part) => part !== undefined && part !== ''), APP_NAME].join(
    ' · ',
  );
  useEffect(() => {
    document.title = title;
  }, [title]);
}
