/** Steps 19 and 18 in their own chunks: the uploader loads only when the seller gets there. */
export const loadPhotosStep = () => import('./photos-step');
export const loadDocumentsStep = () => import('./documents-step');
