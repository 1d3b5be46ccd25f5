import { useId, useState, type KeyboardEvent } from 'react';
import { lazyModule } from '../../components/lazy-module';
import { categorySuggestions } from './category-match';
import { FilterField } from './filter-field';

type ListboxModule = typeof import('./category-listbox');
/** The list is not on the first render: loaded when the box is first focused, hovered or typed in. */
const loadListbox = lazyModule<ListboxModule>(() => import('./category-listbox'));

/**
 * The Category box: an APG combobox with list autocomplete and manual selection. The list offers
 * the known categories that contain what is typed, case and accents aside (a `datalist` cannot:
 * the browser filters it, and not by accents). The focus stays in the box: Down and Up move
 * through the list (aria-activedescendant), and open it; Alt+Down opens it, Alt+Up closes it;
 * Enter or a click picks the option reached; Escape closes the list (with the list closed, it
 * leaves the box, as in every filter box); Left, Right, Home and End go back to the text.
 * Enter with no option reached is the filters' own: it applies what is typed.
 */
export function CategoryBox({
  value,
  error,
  categories,
  onType,
  onPick,
  onEnter,
}: {
  value: string;
  error: string | undefined;
  categories: readonly string[];
  onType: (value: string) => void;
  /** A suggestion picked: a choice made, to apply at once. */
  onPick: (category: string) => void;
  onEnter: (event: KeyboardEvent<HTMLInputElement>) => void;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  // The option the keys have reached; -1 while none has (Enter then applies what is typed).
  const [active, setActive] = useState(-1);
  const [listbox, setListbox] = useState<ListboxModule | null>(null);
  const options = open ? categorySuggestions(value, categories) : [];
  const expanded = listbox !== null && options.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  function preload() {
    // Without its list the box is still a text box: a failed load is tried again next time.
    if (!listbox) loadListbox().then(setListbox, () => undefined);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function pick(category: string) {
    close();
    onPick(category);
  }

  function move(event: KeyboardEvent<HTMLInputElement>, step: 1 | -1) {
    event.preventDefault();
    preload();
    if (event.altKey) {
      if (step === 1) setOpen(true);
      else close();
      return;
    }
    const count = categorySuggestions(value, categories).length;
    if (count === 0) return;
    setOpen(true);
    // From the text, Down reaches the first option and Up the last; past either end, the other.
    const from = open ? active : -1;
    setActive(from === -1 ? (step === 1 ? 0 : count - 1) : (from + step + count) % count);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        return move(event, 1);
      case 'ArrowUp':
        return move(event, -1);
      case 'Enter': {
        const reached = expanded ? options[active] : undefined;
        if (reached !== undefined) {
          event.preventDefault();
          pick(reached);
          return;
        }
        close();
        return onEnter(event);
      }
      case 'Escape':
        if (!expanded) return;
        // The list's Escape, not the page's (which would take the focus out of the box).
        event.preventDefault();
        event.stopPropagation();
        return close();
      case 'ArrowLeft':
      case 'ArrowRight':
      case 'Home':
      case 'End':
        return setActive(-1);
    }
  }

  return (
    <FilterField
      label="Category"
      value={value}
      error={error}
      onChange={(next) => {
        onType(next);
        setOpen(true);
        setActive(-1);
        preload();
      }}
      onKeyDown={onKeyDown}
      className="w-56"
      inputProps={{
        role: 'combobox',
        'aria-autocomplete': 'list',
        'aria-expanded': expanded,
        'aria-controls': expanded ? listId : undefined,
        'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
        onFocus: preload,
        onPointerEnter: preload,
        onClick: () => {
          preload();
          setOpen(true);
        },
        onBlur: close,
      }}
    >
      {expanded && (
        <listbox.CategoryListbox
          id={listId}
          optionId={optionId}
          options={options}
          active={active}
          onPick={pick}
          onActiveChange={setActive}
        />
      )}
    </FilterField>
  );
}
