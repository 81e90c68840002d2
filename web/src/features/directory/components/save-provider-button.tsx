// The button is shared UI (the directory, the category pages): it lives in web/src/components.
export { SaveProviderButton, type SaveProviderButtonProps } from '@/components/providers/save-provider-button';
