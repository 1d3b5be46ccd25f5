import { useId, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { lazyModule } from '../../components/lazy-module';
import type { LoadProductSuggestions, SuggestProducts } from './product-suggestion';

type FindBoxParts = typeof import('./find/find-box-parts');
/** Not on any page's first render: loaded when the box is first focused or typed in. */
const loadParts = lazyModule<FindBoxParts>(() => import('./find/find-box-parts'));

const NO_PRODUCTS: SuggestProducts = () => [];

/** One lookup box per page (in the shell), so it has a fixed id to be focused by. */
const USER_LOOKUP_INPUT_ID = 'user-lookup';

/** Puts the keyboard in the header's Find box ("Look up another user", the `/` shortcut). */
export function focusUserLookup(): void {
  const input = document.getElementById(USER_LOOKUP_INPUT_ID);
  if (input instanceof HTMLInputElement) {
    input.focus();
    input.select();
  }
}

/**
 * The header's Find box: support pastes a user id or link and lands on the user, or a product id
 * or link and lands on the product's details (the Products page finds it wherever it is), or types
 * an e-mail address or a name and gets Find user (find/find-page.tsx).
 *
 * An APG combobox with a listbox popup, as the command menu's: while the box is in use the list
 * (find/find-box-parts.tsx) offers the users this tab has seen that match what is typed (no
 * request), or the recent lookups. The focus stays in the box: Down and Up move the active option
 * (aria-activedescendant), Enter opens it (with none active, Enter finds what is typed), Escape
 * closes the list. It also closes after a search and when focus leaves the form; it stays inside
 * the viewport. What reads the text and the list load with the box's first use: only the box is
 * on the first render.
 */
export function UserLookup({
  loadProductSuggestions,
}: {
  loadProductSuggestions?: LoadProductSuggestions;
} = {}) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // Said after a lookup that went ahead with something to know (a link to another host).
  const [note, setNote] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [parts, setParts] = useState<FindBoxParts | null>(null);
  const [suggestProducts, setSuggestProducts] = useState<SuggestProducts>(() => NO_PRODUCTS);
  const inputId = USER_LOOKUP_INPUT_ID;
  const problemId = useId();
  const listId = useId();
  // The active option's index; -1 while none is (Enter then finds what is typed).
  const [active, setActive] = useState(-1);
  const expanded =
    open && !problem && parts !== null && parts.hasSuggestions(queryClient, value, suggestProducts);

  function preload() {
    if (parts) return;
    loadParts().then(setParts, () => undefined);
    // Without them the box still finds users and opens product ids: nothing to say if they fail.
    loadProductSuggestions?.(queryClient).then(
      (suggest) => setSuggestProducts(() => suggest),
      () => undefined,
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    let loaded: FindBoxParts;
    try {
      loaded = parts ?? (await loadParts());
    } catch {
      setProblem('Search could not load: check the connection and try again.');
      return;
    }
    const to = loaded.destinationOf(value, queryClient);
    if (!to.ok) {
      setProblem(to.problem);
      setNote(null);
      return;
    }
    setProblem(null);
    setNote(to.note ?? null);
    setValue('');
    setOpen(false);
    setActive(-1);
    navigate(to.path);
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!expanded) {
      if (event.key === 'ArrowDown') setOpen(true);
      return;
    }
    // The list is there, so its code is: the keys' handling came with it.
    parts.comboboxKey(event, listId, active, setActive);
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    // The popover may be open with nothing to show (no suggestions yet): then Escape is the
    // shell's, which takes the focus out of the box (global-shortcuts.tsx).
    const popoverShown = open && event.currentTarget.querySelector('[role="listbox"]') !== null;
    if (event.key !== 'Escape' || (!popoverShown && !problem && !note)) return;
    // Handled here: Escape closes the popover (or the message), nothing else.
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
    setActive(-1);
    setProblem(null);
    setNote(null);
    document.getElementById(inputId)?.focus();
  }

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) {
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <form
      role="search"
      onSubmit={(event) => void onSubmit(event)}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      className="relative flex items-center gap-1.5"
    >
      <label htmlFor={inputId} className="sr-only">
        Find
      </label>
      <input
        id={inputId}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setProblem(null);
          setNote(null);
          setOpen(true);
          setActive(-1);
          preload();
        }}
        onKeyDown={onInputKeyDown}
        onFocus={() => {
          setOpen(true);
          preload();
        }}
        onClick={() => setOpen(true)}
        placeholder="Name, e-mail or ID"
        autoComplete="off"
        spellCheck={false}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        className="w-40 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm sm:w-56 lg:w-28 xl:w-56 dark:border-slate-600 dark:bg-slate-800"
      />
      <Button type="submit">Find</Button>
      {note && !problem && (
        <p
          role="status"
          className="absolute top-full left-0 z-20 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-950 shadow dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
        >
          {note}
        </p>
      )}
      {open && !problem && !note && parts && (
        <parts.FindBoxPopover
          text={value}
          suggestProducts={suggestProducts}
          listId={listId}
          active={active}
          onActiveChange={setActive}
          onChosen={() => {
            setValue('');
            setOpen(false);
            setActive(-1);
          }}
        />
      )}
      {problem && (
        <p
          id={problemId}
          role="alert"
          className="absolute top-full left-0 z-20 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-md border border-red-300 bg-red-50 p-2 text-xs text-red-900 shadow dark:border-red-700 dark:bg-red-950 dark:text-red-100"
        >
          {problem}
        </p>
      )}
    </form>
  );
}
