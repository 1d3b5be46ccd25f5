import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { Button } from '../../components/button';
import { CategoryBox } from './category-box';
import { canonicalCategory, isCategoryPrefix } from './category-match';
import { FilterField } from './filter-field';
import {
  checkDrafts,
  draftsFrom,
  hasFilters,
  reconcileDrafts,
  sameFilters,
  type FilterDrafts,
  type FilterErrors,
  type ProductFilters,
} from './price-filter';

/** Long enough not to fire a request per keystroke, short enough to feel live. */
export const FILTER_DEBOUNCE_MS = 400;

interface ProductFiltersProps {
  /** The filters in the URL. */
  filters: ProductFilters;
  /**
   * Suggestions for the Category box; a typed category that can only mean one of them, case and
   * accents aside, takes its spelling (category-match.ts).
   */
  categories: readonly string[];
  /**
   * Called only with valid filters that differ from those in effect. The first apply of an edit
   * adds a history entry; the rest of the same edit (the person still typing) replace it, so Back
   * goes to where the edit started rather than through every pause.
   */
  onApply: (filters: ProductFilters, options: { replace: boolean }) => void;
  /** Whether what the boxes say is not what the table shows (a box is invalid). */
  onNotAppliedChange?: (notApplied: boolean) => void;
}

/** What a URL's filters get wrong on their own: a min above the max. */
function urlErrors(filters: ProductFilters): FilterErrors {
  const checked = checkDrafts(draftsFrom(filters), 'maxPrice');
  return checked.ok ? {} : checked.errors;
}

/**
 * Category, Min price and Max price boxes. What is typed is applied on Enter, on leaving the
 * boxes or after a pause; invalid input is explained next to its box and never sent. The Category
 * box offers the known categories that match (category-box.tsx); a pause on the start of one
 * ("Hom" of "Home & Garden") sends nothing, since the person is most likely still typing: picking
 * a suggestion, Enter or leaving the boxes sends it.
 */
export function ProductFiltersBar({
  filters,
  categories,
  onApply,
  onNotAppliedChange,
}: ProductFiltersProps) {
  const [drafts, setDrafts] = useState(() => draftsFrom(filters));
  const [errors, setErrors] = useState<FilterErrors>(() => urlErrors(filters));
  // Whether this edit (from the first change until Enter or leaving the boxes) has added its
  // history entry.
  const editPushed = useRef(false);
  const [lastEditedPrice, setLastEditedPrice] = useState<'minPrice' | 'maxPrice'>('maxPrice');
  const [shownFilters, setShownFilters] = useState(filters);
  // What this bar last applied: when the URL catches up with it, whatever has been typed since
  // stays in the boxes.
  const [applied, setApplied] = useState<ProductFilters | null>(null);
  if (!sameFilters(shownFilters, filters)) {
    setShownFilters(filters);
    if (applied && sameFilters(applied, filters)) {
      setApplied(null);
    } else {
      // The URL changed under the boxes (Back, a pasted link): show what it says now.
      setDrafts((current) => reconcileDrafts(current, filters));
      setErrors(urlErrors(filters));
    }
  }

  const notApplied = Object.keys(errors).length > 0;
  useEffect(() => onNotAppliedChange?.(notApplied), [notApplied, onNotAppliedChange]);

  function applyFilters(next: ProductFilters) {
    setApplied(next);
    onApply(next, { replace: editPushed.current });
    editPushed.current = true;
  }

  function apply(next: FilterDrafts, { afterPause = false } = {}) {
    const checked = checkDrafts(next, lastEditedPrice);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const typed = canonicalCategory(checked.filters.category, categories);
    // A pause on a partial word keeps the category in effect; the prices still apply.
    const category = afterPause && isCategoryPrefix(typed, categories) ? filters.category : typed;
    const nextFilters = { ...checked.filters, category };
    // The box shows the spelling applied ("books" becomes "Books"), unless typing went on since.
    if (category !== undefined && category === typed && category !== next.category) {
      const draft = next.category;
      setDrafts((current) => (current.category === draft ? { ...current, category } : current));
    }
    if (!sameFilters(nextFilters, filters)) applyFilters(nextFilters);
  }

  // Reads the latest filters when the timer fires, without restarting the timer when they change.
  const applyAfterPause = useEffectEvent((next: FilterDrafts) => apply(next, { afterPause: true }));
  useEffect(() => {
    const timer = setTimeout(() => applyAfterPause(drafts), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [drafts]);

  function edit(field: keyof FilterDrafts, value: string) {
    if (field !== 'category') setLastEditedPrice(field);
    setDrafts((current) => ({ ...current, [field]: value }));
  }

  /** A suggestion picked from the list is a choice made, not a word being typed: sent at once. */
  function pickCategory(category: string) {
    edit('category', category);
    apply({ ...drafts, category });
    editPushed.current = false;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    apply(drafts);
    editPushed.current = false;
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    apply(drafts);
    editPushed.current = false;
  }

  function clear() {
    setDrafts(draftsFrom({}));
    setErrors({});
    editPushed.current = false;
    if (hasFilters(filters)) applyFilters({});
  }

  const groupId = useId();
  const [shown, setShown] = useState(() => hasFilters(filters));
  const setCount = [filters.category, filters.minPrice, filters.maxPrice].filter(
    (value) => value !== undefined,
  ).length;
  const somethingToClear =
    hasFilters(filters) ||
    drafts.category !== '' ||
    drafts.minPrice !== '' ||
    drafts.maxPrice !== '';

  return (
    <div
      id={groupId}
      role="group"
      aria-label="Filters"
      onBlur={onBlur}
      data-folded={shown ? undefined : ''}
      className="flex flex-wrap items-start gap-x-4 gap-y-2"
    >
      {/* On a phone the boxes fold behind Filters (APG disclosure; index.css hides them), so the
          first products show above the fold; open at first when filters are in effect. */}
      <Button
        aria-expanded={shown}
        aria-controls={groupId}
        onClick={() => setShown(!shown)}
        className="sm:hidden"
      >
        Filters
        {/* Folded, the boxes do not say what is in effect: the count does. */}
        {setCount > 0 && <span className="font-normal"> ({setCount} set)</span>}
      </Button>
      <CategoryBox
        value={drafts.category}
        error={errors.category}
        categories={categories}
        onType={(value) => edit('category', value)}
        onPick={pickCategory}
        onEnter={onKeyDown}
      />
      <FilterField
        label="Min price"
        hint="at least, inclusive"
        value={drafts.minPrice}
        error={errors.minPrice}
        onChange={(value) => edit('minPrice', value)}
        onKeyDown={onKeyDown}
        inputMode="decimal"
        className="w-32"
      />
      <FilterField
        label="Max price"
        hint="at most, inclusive"
        value={drafts.maxPrice}
        error={errors.maxPrice}
        onChange={(value) => edit('maxPrice', value)}
        onKeyDown={onKeyDown}
        inputMode="decimal"
        className="w-32"
      />
      <Button onClick={clear} disabled={!somethingToClear} className="mt-6">
        Clear filters
      </Button>
    </div>
  );
}
