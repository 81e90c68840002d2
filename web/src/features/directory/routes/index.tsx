export { DirectoryPage } from './directory-page';
export { ProviderProfilePage } from './provider-profile-page';
