import { describe, expect, it } from 'vitest';
import { findLegalDownload, formatFileSize } from './legal-kind';

const downloads = [
  { Id: 31, Kind: 10, FileName: 'condizioni-servizi-a-pagamento.pdf' },
  { Id: 22, Kind: 1, FileName: 'termini-e-condizioni.pdf' },
  { Id: 30, Kind: 9, FileName: 'cookie-policy.pdf' },
  { Id: 23, Kind: 2, FileName: 'informativa-privacy.pdf' },
];

describe('findLegalDownload', () => {
  it('finds the terms and the privacy notice by their kind', () => {
    expect(findLegalDownload(downloads, 'terms')?.Id).toBe(22);
    expect(findLegalDownload(downloads, 'privacy')?.Id).toBe(23);
  });

  it('also reads kind codes', () => {
    const coded = [
      { Id: 9, Kind: 'cookie_policy' },
      { Id: 1, Kind: 'terms' },
      { Id: 2, Kind: 'privacy' },
    ];
    expect(findLegalDownload(coded, 'terms')?.Id).toBe(1);
    expect(findLegalDownload(coded, 'privacy')?.Id).toBe(2);
  });

  it('falls back to the kind name', () => {
    const named = [
      { Id: 9, Kind: 'Cookie policy' },
      { Id: 2, Kind: 'Informativa sulla privacy' },
      { Id: 1, Kind: 'Termini e condizioni' },
    ];
    expect(findLegalDownload(named, 'terms')?.Id).toBe(1);
    expect(findLegalDownload(named, 'privacy')?.Id).toBe(2);
  });

  it('returns nothing when the document is missing', () => {
    expect(findLegalDownload([], 'terms')).toBeUndefined();
  });
});

describe('formatFileSize', () => {
  it('writes sizes the Italian way', () => {
    expect(formatFileSize(2_300)).toBe('2 KB');
    expect(formatFileSize(1_572_864)).toBe('1,5 MB');
  });
});
