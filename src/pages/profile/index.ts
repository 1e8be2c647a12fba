export { ProfilePage, type ProfilePageProps } from './ui/profile-page';
export { addressesQueryOptions } from './api/profile-api';
