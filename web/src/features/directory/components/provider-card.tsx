// The card is shared UI (the directory, the category pages): it lives in web/src/components.
export { distanceText, ProviderCard, providerTitle, type ProviderCardProps } from '@/components/providers/provider-card';
