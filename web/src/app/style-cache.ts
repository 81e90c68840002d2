import createCache, { type EmotionCache } from '@emotion/cache';
import { PAGE_STYLES_ATTRIBUTE } from '@solutionz/shared';

/** The key of Emotion's style caches, on the server (entry-server.tsx) and in the browser: the prefix of the class names it makes. */
export const EMOTION_KEY = 'css';

/**
 * The browser's style cache. On a server-rendered page it knows that the styles the page was rendered with are there already, in the
 * head's element that names them (shared PAGE_STYLES_ATTRIBUTE), so taking the page over writes none of them again,
 * and the element stays where it is: Emotion's own way, a `data-emotion` element, is moved into place by the cache,
 * which makes the browser work out the whole page's styles and layout again (about 100 ms on a phone).
 */
export function browserStyleCache(page: Pick<Document, 'querySelector'>): EmotionCache {
  const cache = createCache({ key: EMOTION_KEY });
  const rendered = page.querySelector(`style[${PAGE_STYLES_ATTRIBUTE}]`)?.getAttribute(PAGE_STYLES_ATTRIBUTE) ?? '';
  for (const id of rendered.split(' ').filter(Boolean)) cache.inserted[id] = true;
  return cache;
}
