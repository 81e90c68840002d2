// Shared UI (the own profile, the public provider page): it lives in web/src/components.
export { filledSocialLinks, SocialLinkList } from '@/components/profile/social-links';
