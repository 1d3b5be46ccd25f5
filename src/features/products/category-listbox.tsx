import { useLayoutEffect } from 'react';

/**
 * The Category box's list of suggestions (the popup of an APG combobox, category-box.tsx, which
 * owns the keys and which option is active). Not on the page's first render: loaded when the box
 * is first focused, hovered or typed in.
 *
 * It takes its hook from React itself, as the other lazily loaded parts do: measured, a chunk that
 * used only JSX made the bundler split the JSX runtime from React, which cost /products two more
 * files and 0.3 KB.
 */
export function CategoryListbox({
  id,
  optionId,
  options,
  active,
  onPick,
  onActiveChange,
}: {
  id: string;
  /** Each option's id, for the box's aria-activedescendant. */
  optionId: (index: number) => string;
  options: readonly string[];
  /** The index of the option the keys have reached; -1 for none. */
  active: number;
  onPick: (category: string) => void;
  onActiveChange: (index: number) => void;
}) {
  // The option the keys reached stays in view in a long list.
  useLayoutEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [active, optionId]);
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Categories"
      // The focus stays in the box: pressing an option must not take it away (nor apply the
      // filters on leaving the boxes before the choice is made).
      onMouseDown={(event) => event.preventDefault()}
      className="absolute top-full left-0 z-20 mt-1 max-h-64 w-max max-w-[calc(100vw-2rem)] min-w-full overflow-y-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg dark:border-slate-600 dark:bg-slate-800"
    >
      {options.map((option, index) => (
        <li
          key={option}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          onClick={() => onPick(option)}
          onPointerMove={() => index !== active && onActiveChange(index)}
          className="cursor-pointer px-2 py-1 aria-selected:bg-blue-100 aria-selected:text-blue-950 dark:aria-selected:bg-blue-900 dark:aria-selected:text-blue-50"
        >
          {option}
        </li>
      ))}
    </ul>
  );
}
