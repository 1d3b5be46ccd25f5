import { useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { lazyModule } from '../../components/lazy-module';
import { focusUserLookup } from '../../features/users/user-lookup';
import { isCommandMenuKey, isTyping, leavesOnEscape, type ShortcutKey } from './typing';

type DialogProps = { onClose: () => void };
type Which = 'shortcuts' | 'commands';

const loaders: Record<Which, () => Promise<ComponentType<DialogProps>>> = {
  shortcuts: lazyModule(() =>
    import('./shortcuts-dialog').then((module) => module.ShortcutsDialog),
  ),
  commands: lazyModule(() => import('./command-menu').then((module) => module.CommandMenu)),
};

/** `g` then one of these, within this long. */
const GO_TO: Record<string, string> = {
  o: '/overview',
  u: '/users',
  p: '/products',
  a: '/account',
};
const SEQUENCE_MS = 1_500;

/**
 * The console's keyboard shortcuts (listed in the Keyboard shortcuts dialog), after Gmail's and
 * GitHub's. None acts while the focus is in a text field or a dialog is open, and none uses Ctrl,
 * Alt or Cmd, so nothing is taken from typing or from the browser; but the command menu's
 * Ctrl/Cmd+K works everywhere, and Escape leaves a search or filter box. `j`/`k` reach a table's
 * rows from anywhere on its page; inside the table the rows have their own keys
 * (data-table-keyboard.ts). The dialogs are loaded when first opened.
 */
export function GlobalShortcuts({
  takeEarlyKeys,
}: {
  /** Keys pressed before this module had loaded (shortcuts-when-ready.tsx), handled first. */
  takeEarlyKeys?: () => ShortcutKey[];
} = {}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<{ which: Which; Dialog: ComponentType<DialogProps> } | null>(
    null,
  );
  const opener = useRef<Element | null>(null);

  // A layout effect, as the early listener it takes over from (shortcuts-when-ready.tsx): both
  // change hands in one commit, so no key falls between them.
  useLayoutEffect(() => {
    let goUntil = 0;
    const show = (which: Which) => {
      opener.current = document.activeElement;
      loaders[which]().then(
        (Dialog) => setOpen({ which, Dialog }),
        () => undefined, // Not downloadable now (offline): the key does nothing; pressing it again retries.
      );
    };
    function onKeyDown(event: ShortcutKey) {
      if (event.defaultPrevented || event.isComposing) return;
      const commandKey = event.ctrlKey || event.metaKey;
      // From anywhere, text fields included; never the browser's own Ctrl+K (its search box).
      if (isCommandMenuKey(event)) {
        event.preventDefault();
        if (!document.querySelector('dialog[open]')) show('commands');
        return;
      }
      if (isTyping(event.target)) {
        // Escape leaves a search or filter box (Gmail's way), so the shortcuts work again; what
        // was typed stays. The box's own Escape (closing its suggestions) comes first.
        if (event.key === 'Escape' && leavesOnEscape(event.target)) {
          event.preventDefault();
          (event.target as HTMLElement).blur();
        }
        return;
      }
      if (document.querySelector('dialog[open]')) return;
      if (commandKey || event.altKey) return;
      if (Date.now() < goUntil) {
        goUntil = 0;
        const to = GO_TO[event.key];
        if (to) {
          event.preventDefault();
          navigate(to);
        }
        return;
      }
      switch (event.key) {
        case '?':
          show('shortcuts');
          break;
        case '/':
          focusUserLookup();
          break;
        case 'g':
          goUntil = Date.now() + SEQUENCE_MS;
          break;
        case '[':
          clickIfEnabled('Previous page');
          break;
        case ']':
          clickIfEnabled('Next page');
          break;
        case 'j':
        case 'k':
          // Keys inside the table are the table's own (data-table-keyboard.ts); from anywhere
          // else on the page they go to its current row (the first, until one was chosen).
          if (!focusCurrentRow()) return;
          break;
        default:
          return;
      }
      event.preventDefault();
    }
    for (const key of takeEarlyKeys?.() ?? []) onKeyDown(key);
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate, takeEarlyKeys]);

  if (!open) return null;
  return (
    <open.Dialog
      onClose={() => {
        setOpen(null);
        // Back to where the person was (the APG dialog pattern), unless the dialog navigated.
        if (opener.current instanceof HTMLElement && opener.current.isConnected) {
          opener.current.focus();
        }
      }}
    />
  );
}

/** Single-line boxes (Find user, the filters): Escape takes the focus out of them. */
/** Focuses the page's table at its current row (its one tab stop); false when there is none. */
function focusCurrentRow(): boolean {
  const row = document.querySelector<HTMLElement>('main tbody tr[data-row-id][tabindex="0"]');
  row?.focus();
  return row !== null;
}

/** The pager's own button, so `[` and `]` do exactly what a click would (and nothing when disabled). */
function clickIfEnabled(label: string) {
  const button = document.querySelector<HTMLButtonElement>(`main button[aria-label="${label}"]`);
  if (button && button.getAttribute('aria-disabled') !== 'true') button.click();
}
