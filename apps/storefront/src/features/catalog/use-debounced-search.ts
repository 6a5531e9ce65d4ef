import { useEffect, useRef, useState } from 'react';

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The text of a search box whose committed value lives elsewhere (the address). Typing updates the box at
 * once and commits the trimmed term after a pause; `flush` commits now (Enter). When the committed value
 * changes from outside (Back, a link, 'Clear filters'), the box shows it.
 */
export function useDebouncedSearch(
  committed: string,
  commit: (term: string) => void,
  delay = SEARCH_DEBOUNCE_MS,
): [text: string, change: (text: string) => void, flush: () => void] {
  const [text, setText] = useState(committed);
  const lastCommitted = useRef(committed);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commitRef = useRef(commit);

  useEffect(() => {
    commitRef.current = commit;
  });

  useEffect(() => {
    if (committed === lastCommitted.current) return;
    lastCommitted.current = committed;
    clearTimeout(timer.current);
    setText(committed);
  }, [committed]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (value: string) => {
    const term = value.trim();
    if (term === lastCommitted.current) return;
    lastCommitted.current = term;
    commitRef.current(term);
  };

  const change = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => send(value), delay);
  };

  const flush = () => {
    clearTimeout(timer.current);
    send(text);
  };

  return [text, change, flush];
}
