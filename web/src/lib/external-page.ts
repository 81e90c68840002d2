import { useEffect } from 'react';

/** Leaves the app for a page of another site (Stripe's checkout and customer portal), as a full navigation. */
export function goToExternalPage(url: string): void {
  window.location.assign(url);
}

/**
 * Calls `onReturn` when the browser's Back brings this page back from its cache after leaving for another
 * site: the page shows as it was left (a button still busy redirecting), so whatever was under way is over.
 */
export function useReturnFromExternalPage(onReturn: () => void): void {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) onReturn();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [onReturn]);
}
