import { LegalDocument } from '@/entities/legal-document';

/** /terminiecondizioni */
export function TermsPage() {
  return <LegalDocument kind="terms" />;
}
