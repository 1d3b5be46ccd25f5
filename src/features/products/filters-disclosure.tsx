import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../components/button';

/**
 * On a phone the filters fold behind a **Filters** button (the WAI-ARIA APG disclosure pattern),
 * closed at first, so the first products show above the fold; the button says how many filters
 * are in effect. From `sm` up the filters are always shown and the button is not there.
 */
export function FiltersDisclosure({ active, children }: { active: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <div className="flex items-center gap-2 sm:hidden">
        <Button aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          Filters
        </Button>
        {active > 0 && (
          <span className="text-sm text-slate-700 dark:text-slate-300">{active} in effect</span>
        )}
      </div>
      <div id={id} className={`${open ? 'mt-3' : 'hidden'} sm:mt-0 sm:block`}>
        {children}
      </div>
    </div>
  );
}
