import { useState } from 'react';
import { clipText, showBidiControls } from '../lib/display-text';

/** How much of one API value goes into the DOM before "Show more". */
export const API_TEXT_MAX = 2_000;

/**
 * A value from the API, shown as text: isolated from the console's own words (`<bdi>`), its
 * reordering controls made visible, and a very long value cut, with a button for more. The API
 * is trusted for its data, not for how much of it there is or how it is drawn.
 */
export function ApiText({ text, max = API_TEXT_MAX }: { text: string; max?: number }) {
  const [limit, setLimit] = useState(max);
  const { text: shown, omitted } = clipText(text, limit);
  return (
    <>
      <bdi>{showBidiControls(shown)}</bdi>
      {omitted > 0 && (
        <>
          {'… '}
          <button
            type="button"
            onClick={() => setLimit(limit * 10)}
            className="text-xs whitespace-nowrap text-blue-700 underline dark:text-blue-300"
          >
            Show more ({omitted.toLocaleString('en-US')} more characters)
          </button>
        </>
      )}
    </>
  );
}
