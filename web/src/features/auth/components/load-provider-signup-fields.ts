/**
 * The provider's part of the sign-up form (business name search, category picker and chips, about 5 KB gzip): the
 * page arrives as the client's form, so it loads when the form is first pointed at or focused, or as the provider tab
 * opens, or beside the page when the address asks for a provider's account (`?type=provider`).
 */
export const loadProviderSignupFields = () => import('./provider-signup-fields');

/** Whether the browser's address opens the sign-up form as a provider's (never on the server). */
export const addressSignsUpProvider = (): boolean => typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('type') === 'provider';
