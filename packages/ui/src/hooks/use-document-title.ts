import { useEffect } from 'react';

/** Sets the page title while the component is shown (the site name, or a screen's title). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
