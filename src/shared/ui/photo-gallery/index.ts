export { PhotoGallery, type PhotoGalleryProps, type GalleryImage, type PhotoGalleryLabels } from './photo-gallery';
