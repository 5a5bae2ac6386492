import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { normalizeListQuery } from '@/lib/list-page';

/** How long the typing pauses before the list is searched again. */
const SEARCH_DEBOUNCE_MS = 250;

export interface SearchQuery {
  /** The search box's text as typed. */
  input: string;
  setInput: (text: string) => void;
  /** What the list is searched for: the text once the typing pauses, normalised ('' = everything). */
  query: string;
}

/**
 * The state of a list's search box. With `param`, the text lives in that search parameter of the
 * URL (for screens that keep their state there; replaced, not pushed, as one types); otherwise in
 * the component.
 */
export function useSearchQuery({ param }: { param?: string } = {}): SearchQuery {
  const [search, setSearch] = useSearchParams();
  const [local, setLocal] = useState('');
  const input = param === undefined ? local : (search.get(param) ?? '');
  const [settled] = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  const setInput = (text: string) => {
    if (param === undefined) {
      setLocal(text);
      return;
    }
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (text === '') next.delete(param);
        else next.set(param, text);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return { input, setInput, query: normalizeListQuery(settled) };
}
