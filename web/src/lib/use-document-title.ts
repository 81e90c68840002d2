import { useEffect } from 'react';

/** Every screen names itself in the tab and to assistive tech. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
