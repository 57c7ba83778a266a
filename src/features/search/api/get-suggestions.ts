import { queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import type { Suggestions } from '@contract/catalog';
import { normalizeSearch } from '@contract/search-text';

export type SuggestionList = Static<typeof Suggestions>;

/** Suggestions are asked for from this many characters typed (normalized). */
export const SUGGEST_FROM = 2;

/**
 * GET /products/suggest for what has been typed. Keyed by the normalized
 * text, as the server compares it: "عطر " and "عطر" share one answer.
 */
export const suggestionsQuery = (typed: string, lang: Lang) => {
  const text = normalizeSearch(typed);
  return queryOptions({
    queryKey: ['search', 'suggest', text, lang],
    queryFn: async ({ signal }) => (await request<SuggestionList>(`/products/suggest?q=${encodeURIComponent(text)}`, { signal, lang })).data,
    staleTime: 5 * 60_000,
    // The next keystroke asks again; a failure falls back to the products already seen at once (search-dialog.tsx).
    retry: false,
  });
};
