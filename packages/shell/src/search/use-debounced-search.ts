import { useEffect, useRef, useState } from 'react';

/** How long typing must pause before a search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box's text kept in step with a value stored elsewhere (the URL's search params): typing
 * updates the box at once and commits the trimmed text after a pause; a change of the stored value
 * (back button, a link, 'Clear filters') replaces the box's text. `flush` commits at once (Enter).
 */
export function useDebouncedSearch(value: string, commit: (next: string) => void, delay = SEARCH_DEBOUNCE_MS) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });

  // The stored value changed from outside: show it, unless the box already says the same.
  if (value !== seen) {
    setSeen(value);
    if (draft.trim() !== value) setDraft(value);
  }

  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => commitRef.current(draft.trim()), delay);
    return () => clearTimeout(timer);
  }, [draft, value, delay]);

  const flush = () => {
    if (draft.trim() !== value) commitRef.current(draft.trim());
  };

  return { draft, setDraft, flush };
}
