export { LegalDocument } from './ui/legal-document';
export { findLegalDownload, formatFileSize, type LegalKind, type LegalSection } from './model/legal-kind';
