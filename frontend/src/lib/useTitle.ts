import { useEffect } from 'react';

/** useTitle sets the document title, so each page has its own name in tabs and history. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title === 'feedlab' ? title : `${title} · feedlab`;
  }, [title]);
}
