import { useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

/** Copies text to the clipboard and remembers the outcome for two seconds, for feedback. */
export function useCopy(): { state: CopyState; copy: (text: string) => Promise<void> } {
  const [state, setState] = useState<CopyState>('idle');
  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 2000);
  }
  return { state, copy };
}

/** What a live region says after a copy. */
export function copyFeedback(state: CopyState): string {
  return state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy blocked by the browser' : '';
}
