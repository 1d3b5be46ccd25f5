import { useId, useState } from 'react';
import { Button } from '../../components/button';
import { tooLongProblem } from '../../lib/input-limits';
import { parseProductReference, type ProductReference } from '../../lib/product-reference';

/**
 * The Products page's **Find product** box: words of a name (every product whose name holds them,
 * read from the whole list under the filters), or a product id or a pasted product link (that
 * product's details). Enter or **Search** sends it; an empty box ends the search. Loaded after the
 * page's first paint, with the rest of Find product (product-finding.tsx); the reading itself
 * loads only when a search is made (product-matches.tsx).
 */
export function FindProductBox({
  words,
  onWords,
  onProduct,
}: {
  /** The words searched for now (the URL's `find=`): the box starts with them. */
  words: string;
  onWords: (words: string | undefined) => void;
  onProduct: (reference: ProductReference) => void;
}) {
  const [text, setText] = useState(words);
  // Back and Forward (and Clear search) change the search: the box follows.
  const [shownWords, setShownWords] = useState(words);
  if (shownWords !== words) {
    setShownWords(words);
    setText(words);
  }
  const [problem, setProblem] = useState('');
  const problemId = useId();
  return (
    <form
      className="flex flex-wrap items-end gap-2 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = text.replace(/\s+/gu, ' ').trim();
        const tooLong = tooLongProblem(trimmed, 'Find product');
        setProblem(tooLong ?? '');
        if (tooLong) return;
        const reference = parseProductReference(trimmed);
        if (reference) onProduct(reference);
        else onWords(trimmed === '' ? undefined : trimmed);
      }}
    >
      <label className="flex flex-col gap-1">
        <span className="font-medium">Find product</span>
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Words of a name, or an ID"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className="w-72 max-w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-800"
        />
      </label>
      <Button type="submit">Search</Button>
      <p id={problemId} aria-live="polite" className="text-xs text-red-700 dark:text-red-300">
        {problem}
      </p>
    </form>
  );
}
