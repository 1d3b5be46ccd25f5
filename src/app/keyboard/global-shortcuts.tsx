import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { lazyModule } from '../../components/lazy-module';
import { focusUserLookup } from '../../features/users/user-lookup';

type DialogProps = { onClose: () => void };
type Which = 'shortcuts' | 'commands';

const loaders: Record<Which, () => Promise<ComponentType<DialogProps>>> = {
  shortcuts: lazyModule(() =>
    import('./shortcuts-dialog').then((module) => module.ShortcutsDialog),
  ),
  commands: lazyModule(() => import('./command-menu').then((module) => module.CommandMenu)),
};

/** `g` then one of these, within this long. */
const GO_TO: Record<string, string> = { u: '/users', p: '/products', a: '/account' };
const SEQUENCE_MS = 1_500;

/**
 * The console's keyboard shortcuts (listed in the Keyboard shortcuts dialog). None acts while the
 * focus is in a text field or a dialog is open, and none uses Ctrl, Alt or Cmd but the command
 * menu's Ctrl/Cmd+K, so nothing is taken from typing or from the browser. Table rows have their
 * own keys (data-table-keyboard.ts). The dialogs are loaded when first opened.
 */
export function GlobalShortcuts() {
  const navigate = useNavigate();
  const [open, setOpen] = useState<{ which: Which; Dialog: ComponentType<DialogProps> } | null>(
    null,
  );
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    let goUntil = 0;
    const show = (which: Which) => {
      opener.current = document.activeElement;
      loaders[which]().then(
        (Dialog) => setOpen({ which, Dialog }),
        () => undefined, // Not downloadable now (offline): the key does nothing; pressing it again retries.
      );
    };
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing || isTyping(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      const commandKey = event.ctrlKey || event.metaKey;
      if (commandKey && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        show('commands');
        return;
      }
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
        default:
          return;
      }
      event.preventDefault();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate]);

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

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

/** Keys typed here are text (or choices), not shortcuts. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type);
}

/** The pager's own button, so `[` and `]` do exactly what a click would (and nothing when disabled). */
function clickIfEnabled(label: string) {
  const button = document.querySelector<HTMLButtonElement>(`main button[aria-label="${label}"]`);
  if (button && button.getAttribute('aria-disabled') !== 'true') button.click();
}
