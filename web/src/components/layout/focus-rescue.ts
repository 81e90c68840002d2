import { useEffect, type RefObject } from 'react';

const RESCUE_DELAY_MS = 100;

/**
 * Where the focus goes when the element that had it leaves the page: the button that navigated away, a confirm
 * button replaced by its result, a dialog closed whose opener is gone. The browser drops the focus to the document,
 * and a keyboard or screen-reader user would start again from the top; the page's main heading takes it instead,
 * the place to read on from (or the open modal dialog, when the element was in it). Whatever placed the focus itself first (a dialog, a form, a list keeping it on the row)
 * keeps it: the heading only takes a focus nobody holds, and only once the element that had it is gone.
 */
export function useFocusRescue(main: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    let focused: Element | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onFocusIn = (event: FocusEvent) => {
      focused = event.target instanceof Element ? event.target : null;
    };
    const rescue = () => {
      if (!focused || focused.isConnected) return;
      if (document.activeElement && document.activeElement !== document.body) {
        focused = null;
        return;
      }
      // Inside an open modal dialog the focus stays in it: the page behind is out of reach.
      const modal = document.querySelector<HTMLElement>('[aria-modal="true"]');
      // A page that loads its code after navigating shows its heading with a later change: this runs again then.
      const target = modal ?? main.current?.querySelector<HTMLElement>('h1');
      if (!target) return;
      focused = null;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    };
    // A moment after the page changed: a dialog that closed hands the focus back to its opener on a later frame.
    const observer = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(rescue, RESCUE_DELAY_MS);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      clearTimeout(timer);
    };
  }, [main]);
}
