import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { apiLine } from '../../lib/display-text';
import { ModalDialog } from '../../components/modal-dialog';
import { requestLog } from '../../lib/request-log';
import { RenewSessionDialog } from '../../features/auth/renew-session-dialog';
import { useSessionState, useSessionStore } from '../../features/auth/session-context';
import { indexProductsFrom } from '../../features/products/seen-products';
import { findPath, parseFindQuery } from '../../features/users/find/find-query';
import { readRecentLookups, rememberLookup } from '../../features/users/recent-lookups';
import { indexUsersFrom, suggestSeenUsers } from '../../features/users/seen-users';
import { userPath } from '../../features/users/user-path';
import { useEnvironment } from '../environment';
import { findProductCommand, productCommands } from './product-commands';
import { setTheme } from '../theme';
import {
  setTimeZoneChoice,
  timeZoneChoice,
  timeZoneChoiceLabel,
  type TimeZoneChoice,
} from '../../lib/time-zone';

interface Command {
  id: string;
  label: string;
  /** Where it goes; an action (`act`) has none. */
  to: string;
  /** Does something on the page instead of navigating; run after the menu has closed. */
  act?: () => void;
  /** A user looked up by id: remembered among the recent lookups. */
  lookup?: string;
  /** Switches to this API profile (its key) instead of navigating. */
  api?: string;
}

/** Another API the console can switch to (config.json's `apis`). */
export interface OtherApi {
  key: string;
  name: string;
}

const PAGES: Command[] = [
  { id: 'overview', label: 'Go to Overview', to: '/overview' },
  { id: 'users', label: 'Go to Users', to: '/users' },
  { id: 'products', label: 'Go to Products', to: '/products' },
  { id: 'account', label: 'Go to Account', to: '/account' },
  { id: 'bulk', label: 'Look up many users', to: '/users/bulk' },
];

/**
 * What the typed text offers: a user it names, users this tab has seen whose name, e-mail or id
 * it starts (no request), the same for products, Find for a name or e-mail and Find product for a
 * name, the pages it matches, the recent lookups.
 */
export function commandsFor(
  queryClient: QueryClient,
  text: string,
  recent: readonly string[],
  otherApis: readonly OtherApi[] = [],
  actions: readonly Command[] = [],
): Command[] {
  const query = text.trim().toLowerCase();
  const commands: Command[] = [];
  const parsed = query === '' ? null : parseFindQuery(text);
  const lookedUp = parsed?.kind === 'id' ? parsed.id : undefined;
  if (lookedUp !== undefined) {
    commands.push({
      id: `lookup:${lookedUp}`,
      label: `Look up user ${lookedUp}`,
      to: userPath(lookedUp),
      lookup: lookedUp,
    });
  }
  for (const user of suggestSeenUsers(queryClient, text, 5)) {
    if (user.id === lookedUp) continue;
    commands.push({
      id: `seen:${user.id}`,
      label: `Open ${apiLine(user.name, 80)} (${apiLine(user.email, 80)})`,
      to: userPath(user.id),
      lookup: user.id,
    });
  }
  // A product named by its id or link at once; products seen after a page the text names.
  const products = productCommands(queryClient, text);
  if (products.named) commands.push(products.named);
  // A page the text names comes first: "prod" and Enter is still the way to Products.
  commands.push(...PAGES.filter((page) => page.label.toLowerCase().includes(query)));
  // The page's actions it names: with no text, after the pages.
  commands.push(...actions.filter((action) => action.label.toLowerCase().includes(query)));
  // Then another API it names ("switch", "api", "staging"), before Find would take the text.
  for (const api of otherApis) {
    const label = `Switch to API ${api.name}`;
    if (query !== '' && !label.toLowerCase().includes(query)) continue;
    commands.push({ id: `api:${api.key}`, label, to: '', api: api.key });
  }
  commands.push(...products.seen);
  if (parsed?.kind === 'name' || parsed?.kind === 'email') {
    commands.push({ id: 'find', label: `Find “${parsed.text}”`, to: findPath(parsed.text) });
  }
  if (parsed?.kind === 'name') commands.push(findProductCommand(parsed.text));
  for (const id of recent) {
    if (lookedUp === id) continue;
    if (query === '' || id.toLowerCase().includes(query)) {
      commands.push({
        id: `recent:${id}`,
        label: `Open ${id} (recent lookup)`,
        to: userPath(id),
        lookup: id,
      });
    }
  }
  return commands;
}

/**
 * The command menu (Ctrl/Cmd+K): a modal dialog holding an APG combobox with a listbox popup.
 * The text box keeps the focus; Up/Down (Home/End) move the active option, Enter runs it, Escape
 * closes. Typing a user ID or a pasted console or API link offers to look that user up; a product
 * ID or product link, to open that product.
 */
export function CommandMenu({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  // Opened before the index started by itself (it waits for an idle moment): start it now.
  const queryClient = useQueryClient();
  indexUsersFrom(queryClient);
  // Products the tab has seen before the Products page's index started (or without it).
  indexProductsFrom(queryClient);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [recent] = useState(readRecentLookups);
  const inputId = useId();
  const listId = useId();
  const { apis, label: apiName } = useEnvironment();
  const otherApis = apis.profiles.filter((profile) => profile.key !== apis.current.key);
  const store = useSessionStore();
  const { session } = useSessionState();
  const [renewing, setRenewing] = useState(false);
  // Read once per opening, as the page is when the menu opens.
  const [actions] = useState(() =>
    pageActions({
      signedIn: session !== null,
      // A provider's session renews itself; a pasted token is renewed with another.
      renewable: session?.source === 'pasted',
      renew: () => setRenewing(true),
      signOut: () => store.end('signed-out'),
    }),
  );
  const commands = commandsFor(queryClient, text, recent, otherApis, actions);
  const current = Math.min(active, commands.length - 1);
  const optionId = (index: number) => `${listId}-${index}`;

  function run(command: Command | undefined) {
    if (!command) return;
    if (command.api !== undefined) {
      onClose();
      apis.switchTo(command.api);
      return;
    }
    if (command.act) {
      if (command.id === 'renew') {
        command.act();
        return;
      }
      onClose();
      // After the menu's dialog has closed and given the focus back: what the action opens
      // (a panel, a dialog) takes it from there.
      const { act } = command;
      setTimeout(act, 0);
      return;
    }
    if (command.lookup) rememberLookup(command.lookup);
    navigate(command.to);
    onClose();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = commands.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: current >= last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key] as number);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(commands[current]);
    }
  }

  // Renew session replaces the menu with its dialog; closing it closes both.
  if (renewing) {
    return (
      <RenewSessionDialog
        apiName={apiName}
        onClose={onClose}
        onSignIn={() => store.dropRenewal()}
      />
    );
  }

  return (
    <ModalDialog title="Command menu" onClose={onClose} className="w-[min(36rem,calc(100vw-1rem))]">
      <div className="space-y-2 p-3">
        <label htmlFor={inputId} className="text-sm text-slate-600 dark:text-slate-300">
          Go to a page, or find a user or product by name, e-mail, ID or link
        </label>
        <input
          id={inputId}
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={commands.length > 0 ? optionId(current) : undefined}
          // Where the person types at once (see ModalDialog).
          data-autofocus
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          autoComplete="off"
          spellCheck={false}
          className="w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800"
        />
        <ul id={listId} role="listbox" aria-label="Commands" className="max-h-80 overflow-y-auto">
          {commands.map((command, index) => (
            <li
              key={command.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              onClick={() => run(command)}
              onMouseMove={() => setActive(index)}
              className={`cursor-pointer truncate rounded px-2 py-1.5 text-sm ${
                index === current
                  ? 'bg-blue-100 text-blue-950 dark:bg-blue-900 dark:text-blue-50'
                  : ''
              }`}
            >
              {command.label}
            </li>
          ))}
        </ul>
        {commands.length === 0 && (
          <p className="px-2 text-sm text-slate-600 dark:text-slate-300">
            Nothing matches. Type a page name, a user’s name or e-mail, or a user ID such as
            user_8f3k2m9x1q.
          </p>
        )}
      </div>
    </ModalDialog>
  );
}

/** A visible, enabled button with this name, in the page (`main`) or anywhere. */
function buttonNamed(name: string, within: 'main' | 'page'): HTMLButtonElement | undefined {
  const root = within === 'main' ? document.getElementById('main') : document.body;
  return [...(root?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find(
    (button) =>
      (button.getAttribute('aria-label') ?? button.textContent ?? '').trim() === name &&
      !button.disabled &&
      button.getAttribute('aria-disabled') !== 'true',
  );
}

/**
 * Clicks the element of `role` named `name` once it shows (a menu or panel loaded on demand).
 */
function clickWhenShown(role: 'menuitem' | 'button', name: string): void {
  const find = () =>
    [
      ...document.querySelectorAll<HTMLElement>(role === 'button' ? 'button' : `[role="${role}"]`),
    ].find((element) => element.textContent?.trim() === name);
  const now = find();
  if (now) {
    now.click();
    return;
  }
  const observer = new MutationObserver(() => {
    const element = find();
    if (!element) return;
    observer.disconnect();
    element.click();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  // What never opens (its code could not load) leaves nothing waiting.
  setTimeout(() => observer.disconnect(), 10_000);
}

/**
 * What the menu can do on this page besides going somewhere: each only where it applies, found
 * from what the page shows (its Export CSV, its Views menu) so the menu knows no page.
 */
export function pageActions(session: {
  signedIn: boolean;
  renewable: boolean;
  renew: () => void;
  signOut: () => void;
}): Command[] {
  const actions: Command[] = [];
  const add = (id: string, label: string, act: () => void) =>
    actions.push({ id, label, to: '', act });
  if (buttonNamed('Requests', 'page')) {
    add('requests', 'Requests', () => buttonNamed('Requests', 'page')?.click());
  }
  // Through the Requests panel, which says what was saved (and where it failed).
  if (requestLog.entries().length > 0 && buttonNamed('Requests', 'page')) {
    add('download-log', 'Download log', () => {
      buttonNamed('Requests', 'page')?.click();
      clickWhenShown('button', 'Download log');
    });
  }
  if (buttonNamed('Export CSV', 'main')) {
    add('export', 'Export CSV', () => buttonNamed('Export CSV', 'main')?.click());
  }
  if (buttonNamed('Views', 'main')) {
    add('save-view', 'Save view…', () => {
      buttonNamed('Views', 'main')?.click();
      clickWhenShown('menuitem', 'Save view…');
    });
  }
  if (session.renewable) add('renew', 'Renew session', session.renew);
  if (session.signedIn) add('sign-out', 'Sign out', session.signOut);
  add('theme', 'Toggle theme', () =>
    setTheme(document.documentElement.classList.contains('dark') ? 'light' : 'dark'),
  );
  // The header's Time zone, here too: "time" finds both.
  for (const option of ['utc', 'device'] as const satisfies readonly TimeZoneChoice[]) {
    const inUse = timeZoneChoice() === option ? ' (in use)' : '';
    add(`time-zone:${option}`, `Time zone: ${timeZoneChoiceLabel(option)}${inUse}`, () =>
      setTimeZoneChoice(option),
    );
  }
  return actions;
}
