import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';

interface ModalDialogProps {
  /** The dialog's accessible name, shown as its heading. */
  title: string;
  /** Called once the dialog has closed (Escape, Close, the backdrop); the opener restores focus. */
  onClose: () => void;
  children: ReactNode;
  /** Size classes: width and height. */
  className?: string;
}

/**
 * A modal dialog on the native `<dialog>` element (WAI-ARIA APG dialog pattern): showModal moves
 * focus in and keeps it there, makes the rest of the page inert, and closes on Escape. The
 * dialog's own close event (Escape, the Close button, a click on the backdrop) is the one way out.
 */
export function ModalDialog({ title, onClose, children, className = '' }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // showModal focuses the first control (Close); a field marked data-autofocus wants it instead.
    element?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);

  // A click on the backdrop lands on the dialog element itself; the content fills the rest.
  function closeOnBackdrop(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) event.currentTarget.close();
  }

  return createPortal(
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={closeOnBackdrop}
      className={`m-auto max-h-none max-w-none overflow-hidden rounded-lg border border-slate-300 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${className}`}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <Button variant="ghost" onClick={() => dialog.current?.close()}>
            Close
          </Button>
        </div>
        {children}
      </div>
    </dialog>,
    document.body,
  );
}
