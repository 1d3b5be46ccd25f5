import type { QueryClient } from '@tanstack/react-query';

/** A product this tab has seen, as the box lists it, and where it leads. */
export interface ProductSuggestion {
  id: string;
  name: string;
  to: string;
}

/** Products this tab has seen whose name (a word of it) or id starts with the text, no request. */
export type SuggestProducts = (text: string, limit: number) => readonly ProductSuggestion[];

/**
 * Products come from the products feature, which this one may not import: the app hands in how to
 * load their suggestions (with the box's first use, as the rest of its list).
 */
export type LoadProductSuggestions = (queryClient: QueryClient) => Promise<SuggestProducts>;
