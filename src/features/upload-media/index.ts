/**
 * Photos and documents of the owner's listing (server/modules/listing-media): the wizard's
 * step 19 (`PhotosStep`, answer `{ photoCount }`) and step 18 (`DocumentsStep`, answer
 * `{ floorPlanCount, energyCertificateCount, otherCount }`). Each is a `StepView` loaded on
 * demand: register `photos: loadPhotosStep, documents: loadDocumentsStep`. The uploader sends
 * each file with its own progress (XMLHttpRequest, the session cookie), refuses what it can
 * before sending, and words every refusal of the server.
 */
export { loadPhotosStep, loadDocumentsStep } from './ui/load-media-steps';
export type { PhotosStepProps } from './ui/photos-step';
export type { DocumentsStepProps } from './ui/documents-step';
