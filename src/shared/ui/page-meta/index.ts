export { PageMeta, SHARE_IMAGE, type PageMetaProps } from './page-meta';
