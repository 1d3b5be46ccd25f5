import { Button } from './button';
import { copyFeedback, useCopy } from './use-copy';

/**
 * Copies text and shows so briefly. The words are said through the page's one live region
 * (useCopy), so this text is not a live region too: it would be read twice.
 */
export function CopyButton({
  text,
  label,
  className = '',
}: {
  text: string;
  label: string;
  className?: string;
}) {
  const { state, copy } = useCopy();

  return (
    <span className="inline-flex items-center gap-1">
      <Button onClick={() => void copy(text)} className={`px-2 py-0.5 text-xs ${className}`}>
        {label}
      </Button>
      <span className="text-xs text-slate-600 dark:text-slate-300">{copyFeedback(state)}</span>
    </span>
  );
}
