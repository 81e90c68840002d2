import { useEffect } from 'react';

/** Every screen names itself in the tab and to assistive tech (spec 01 section 2.1). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
