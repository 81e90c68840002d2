// The tab is shared UI (the provider page here, /profile in the account feature): it lives in web/src/components.
export { PortfolioTab, type PortfolioTabProps } from '@/components/portfolio/portfolio-tab';
