export { WriteToOwner, preloadWriteToOwner, type WriteToOwnerProps } from './ui/write-to-owner';
export { WriteToAgency, preloadWriteToAgency, type WriteToAgencyProps } from './ui/write-to-agency';
