import { useEffect, useState } from 'react';
import { announce, ensureAnnouncer } from './announcer';

export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies text to the clipboard, remembers the outcome for two seconds (for a control's own
 * feedback) and says it through the page's one live region (announcer.ts).
 */
export function useCopy(): { state: CopyState; copy: (text: string) => Promise<void> } {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    ensureAnnouncer();
  }, []);
  async function copy(text: string) {
    let outcome: CopyState;
    try {
      await navigator.clipboard.writeText(text);
      outcome = 'copied';
    } catch {
      outcome = 'failed';
    }
    setState(outcome);
    announce(copyFeedback(outcome));
    setTimeout(() => setState('idle'), 2000);
  }
  return { state, copy };
}

/** What is said after a copy. */
export function copyFeedback(state: CopyState): string {
  return state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy blocked by the browser' : '';
}
