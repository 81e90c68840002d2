import type { drawProviderSignupFields } from './provider-signup-fields';

/**
 * The provider's part of the sign-up form (business name search, category picker and chips, about 5 KB gzip): the
 * page arrives as the client's form, so it loads when the form is first pointed at or focused, or as the provider tab
 * opens, or beside the page when the address asks for a provider's account (`?type=provider`).
 */
export const loadProviderSignupFields = () =>
  import('./provider-signup-fields').then((module) => {
    loaded = module.drawProviderSignupFields;
    return module;
  });

let loaded: typeof drawProviderSignupFields | undefined;

/**
 * Renders the provider's fields if their file is in, without waiting. The form renders them from here rather than through
 * `React.lazy`, whose first render waits a turn even for a file already in: the phone field was rendered at once and the
 * rest up to 300 ms later (React's pause before it reveals what was held), moving the button under the pointer.
 */
export const loadedProviderSignupFields = () => loaded;

/** Whether the browser's address opens the sign-up form as a provider's (never on the server). */
export const addressSignsUpProvider = (): boolean => typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('type') === 'provider';
