import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { apiLine } from '../../lib/display-text';
import { ModalDialog } from '../../components/modal-dialog';
import { findPath, parseFindQuery } from '../../features/users/find/find-query';
import { readRecentLookups, rememberLookup } from '../../features/users/recent-lookups';
import { indexUsersFrom, suggestSeenUsers } from '../../features/users/seen-users';
import { userPath } from '../../features/users/user-path';
import { useEnvironment } from '../environment';

interface Command {
  id: string;
  label: string;
  to: string;
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
 * it starts (no request), Find for a name or e-mail, the pages it matches, the recent lookups.
 */
export function commandsFor(
  text: string,
  recent: readonly string[],
  otherApis: readonly OtherApi[] = [],
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
  for (const user of suggestSeenUsers(text, 5)) {
    if (user.id === lookedUp) continue;
    commands.push({
      id: `seen:${user.id}`,
      label: `Open ${apiLine(user.name, 80)} (${apiLine(user.email, 80)})`,
      to: userPath(user.id),
      lookup: user.id,
    });
  }
  // A page the text names comes first: "prod" and Enter is still the way to Products.
  commands.push(...PAGES.filter((page) => page.label.toLowerCase().includes(query)));
  // Then another API it names ("switch", "api", "staging"), before Find would take the text.
  for (const api of otherApis) {
    const label = `Switch to API ${api.name}`;
    if (query !== '' && !label.toLowerCase().includes(query)) continue;
    commands.push({ id: `api:${api.key}`, label, to: '', api: api.key });
  }
  if (parsed?.kind === 'name' || parsed?.kind === 'email') {
    commands.push({ id: 'find', label: `Find “${parsed.text}”`, to: findPath(parsed.text) });
  }
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
 * closes. Typing a user ID or a pasted console or API link offers to look that user up.
 */
export function CommandMenu({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  // Opened before the index started by itself (it waits for an idle moment): start it now.
  indexUsersFrom(useQueryClient());
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [recent] = useState(readRecentLookups);
  const inputId = useId();
  const listId = useId();
  const { apis } = useEnvironment();
  const otherApis = apis.profiles.filter((profile) => profile.key !== apis.current.key);
  const commands = commandsFor(text, recent, otherApis);
  const current = Math.min(active, commands.length - 1);
  const optionId = (index: number) => `${listId}-${index}`;

  function run(command: Command | undefined) {
    if (!command) return;
    if (command.api !== undefined) {
      onClose();
      apis.switchTo(command.api);
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

  return (
    <ModalDialog title="Command menu" onClose={onClose} className="w-[min(36rem,calc(100vw-1rem))]">
      <div className="space-y-2 p-3">
        <label htmlFor={inputId} className="text-sm text-slate-600 dark:text-slate-300">
          Go to a page, or find a user by name, e-mail, ID or link
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
