import { useState } from 'react';
import { Button } from './button';

/** Copies text and says so briefly (a live region, not role=status: pages keep that role for their own status text). */
export function CopyButton({
  text,
  label,
  className = '',
}: {
  text: string;
  label: string;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 2000);
  }

  return (
    <span className="inline-flex items-center gap-1">
      <Button onClick={copy} className={`px-2 py-0.5 text-xs ${className}`}>
        {label}
      </Button>
      <span aria-live="polite" className="text-xs text-slate-600 dark:text-slate-300">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy blocked by the browser' : ''}
      </span>
    </span>
  );
}
