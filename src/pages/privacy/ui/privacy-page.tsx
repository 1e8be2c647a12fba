import { LegalDocument } from '@/entities/legal-document';

/** /privacy */
export function PrivacyPage() {
  return <LegalDocument kind="privacy" />;
}
