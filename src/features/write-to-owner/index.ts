export { WriteToOwner, preloadWriteToOwner, type WriteToOwnerProps } from './ui/write-to-owner';
