import { useEffect, useState } from 'react';

/**
 * Where the focus goes once a dialog or panel has closed: set with the state that closes it, moved after the
 * dialog has left the page (while it is open the page behind it is inert and cannot take the focus).
 */
export function useFocusAfterClose(): (target: HTMLElement | null) => void {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!target) return;
    target.focus();
    setTarget(null);
  }, [target]);
  return setTarget;
}
