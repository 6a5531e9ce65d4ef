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
  // What this box committed last: the stored value arriving at it is the box's own commit coming back, which
  // can land after the user has typed on (a busy page, a slow navigation), and must not replace their text.
  const [committed, setCommitted] = useState<string | null>(null);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });

  // The stored value changed from outside: show it, unless the box already says the same.
  if (value !== seen) {
    setSeen(value);
    if (value !== committed && draft.trim() !== value) setDraft(value);
    if (committed !== null) setCommitted(null);
  }

  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => {
      setCommitted(draft.trim());
      commitRef.current(draft.trim());
    }, delay);
    return () => clearTimeout(timer);
  }, [draft, value, delay]);

  const flush = () => {
    if (draft.trim() === value) return;
    setCommitted(draft.trim());
    commitRef.current(draft.trim());
  };

  return { draft, setDraft, flush };
}
