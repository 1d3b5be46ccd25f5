import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { apiClientFor } from '../../../lib/api-client';
import { apiLine } from '../../../lib/display-text';
import { parseProductReference, productPath } from '../../../lib/product-reference';
import { readRecentLookups, rememberLookup } from '../recent-lookups';
import { indexUsersFrom, suggestSeenUsers } from '../seen-users';
import type { SuggestProducts } from '../product-suggestion';
import { userPath } from '../user-path';
import { findPath, foreignLinkHost, foreignLinkNote, hostOf, parseFindQuery } from './find-query';

/**
 * What the header's Find box (user-lookup.tsx) loads when it is first used: reading what was
 * typed, and its popover.
 */

/**
 * Where the box's text leads: a product (its id or a pasted product link: the Products page opens
 * it wherever it is in the list), a user (remembered among the recent lookups), or Find. A link to
 * another host than this API's (`apiBaseUrl`) or this console's leads to the id it holds, with a
 * note that says so.
 */
export function destinationOf(
  text: string,
  queryClient: QueryClient,
): { ok: true; path: string; note?: string | undefined } | { ok: false; problem: string } {
  const product = parseProductReference(text);
  if (product) return { ok: true, path: productPath(product) };
  const parsed = parseFindQuery(text);
  if (parsed.kind === 'invalid') return { ok: false, problem: parsed.problem };
  if (parsed.kind === 'id') {
    rememberLookup(parsed.id);
    const apiBaseUrl = apiClientFor(queryClient).baseUrl;
    const known = [window.location.host, hostOf(apiBaseUrl)].filter((host) => host !== undefined);
    const foreign = foreignLinkHost(parsed, known);
    return {
      ok: true,
      path: userPath(parsed.id),
      note: foreign === undefined ? undefined : foreignLinkNote(apiLine(foreign, 100)),
    };
  }
  return { ok: true, path: findPath(parsed.text) };
}

/** Whether the popover has anything to list for `text` (the box says so: `aria-expanded`). */
export function hasSuggestions(
  queryClient: QueryClient,
  text: string,
  suggestProducts: SuggestProducts,
): boolean {
  return (
    suggestSeenUsers(queryClient, text, 1).length > 0 ||
    suggestProducts(text, 1).length > 0 ||
    readRecentLookups().length > 0
  );
}

/**
 * The keys of the open list (APG combobox, focus in the box): Down and Up move the active option,
 * round the ends; Enter opens the active one (with none active, the form finds what is typed).
 */
export function comboboxKey(
  event: KeyboardEvent<HTMLInputElement>,
  listId: string,
  active: number,
  setActive: (index: number) => void,
): void {
  const { key } = event;
  const count = document.getElementById(listId)?.children.length ?? 0;
  if (count === 0) return;
  if (key === 'ArrowDown' || key === 'ArrowUp') {
    event.preventDefault();
    const step = key === 'ArrowDown' ? 1 : -1;
    setActive(
      active < 0 || active >= count ? (step > 0 ? 0 : count - 1) : (active + step + count) % count,
    );
  } else if (key === 'Enter' && active >= 0) {
    event.preventDefault();
    document.getElementById(`${listId}-${active}`)?.click();
  }
}

const POPOVER =
  'absolute top-full left-0 z-20 mt-1 w-80 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white p-2 text-sm shadow dark:border-slate-700 dark:bg-slate-900';
const OPTION = 'block cursor-pointer truncate rounded px-1';
const ACTIVE = 'bg-blue-100 text-blue-950 dark:bg-blue-900 dark:text-blue-50';

/** The most of each kind the list shows: users first, then products. */
const SEEN_USERS = 6;
const SEEN_PRODUCTS = 4;

/**
 * The Find box's suggestions, the listbox of an APG combobox (the box in user-lookup.tsx keeps the
 * focus; Up/Down move the active option, Enter opens it, Escape closes the list): the users and
 * the products this tab has seen that match what is typed (seen-users.ts, and the products' index
 * the app hands in: no request), or, before anything matches, the ids looked up recently. Option
 * `index` has the id `${listId}-${index}`.
 */
export function FindBoxPopover({
  text,
  suggestProducts,
  listId,
  active,
  onActiveChange,
  onChosen,
}: {
  text: string;
  suggestProducts: SuggestProducts;
  listId: string;
  /** The active option's index, or -1. */
  active: number;
  onActiveChange: (index: number) => void;
  onChosen: () => void;
}) {
  const labelId = useId();
  const navigate = useNavigate();
  // Used before the index started by itself (it waits for an idle moment): start it now.
  const queryClient = useQueryClient();
  indexUsersFrom(queryClient);
  // Read once per opening: the list changes only with a lookup, which closes the popover.
  const [recent] = useState(readRecentLookups);
  const users = suggestSeenUsers(queryClient, text, SEEN_USERS);
  const products = suggestProducts(text, SEEN_PRODUCTS);
  if (users.length === 0 && products.length === 0 && recent.length === 0) return null;
  const seen = users.length + products.length > 0;
  const options: { key: string; label: ReactNode; mono: boolean; open: () => void }[] = seen
    ? [
        ...users.map((user) => ({
          key: `user:${user.id}`,
          label: (
            <>
              {apiLine(user.name, 80)}{' '}
              <span className="text-xs text-slate-600 dark:text-slate-400">
                {apiLine(user.email, 80)}
              </span>
            </>
          ),
          mono: false,
          open: () => {
            rememberLookup(user.id);
            void navigate(userPath(user.id));
          },
        })),
        ...products.map((product) => ({
          key: `product:${product.id}`,
          label: (
            <>
              {apiLine(product.name, 80)}{' '}
              <span className="text-xs text-slate-600 dark:text-slate-400">
                product · {apiLine(product.id, 40)}
              </span>
            </>
          ),
          mono: false,
          open: () => void navigate(product.to),
        })),
      ]
    : recent.map((id) => ({
        key: `recent:${id}`,
        label: id,
        mono: true,
        open: () => {
          rememberLookup(id);
          void navigate(userPath(id));
        },
      }));
  return (
    <div className={POPOVER}>
      <p id={labelId} className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-300">
        {seen ? 'Seen in this tab' : 'Recent lookups'}
      </p>
      <ul id={listId} role="listbox" aria-labelledby={labelId} className="space-y-0.5">
        {options.map((option, index) => (
          <li
            key={option.key}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // The box keeps the focus: a press here must not take it.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => onActiveChange(index)}
            onClick={() => {
              onChosen();
              option.open();
            }}
            className={`${OPTION} ${option.mono ? 'font-mono text-xs' : ''} ${
              index === active ? ACTIVE : 'text-blue-700 dark:text-blue-300'
            }`}
          >
            {option.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
