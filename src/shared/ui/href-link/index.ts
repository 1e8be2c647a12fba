export { HrefLink, type HrefLinkProps } from './href-link';
