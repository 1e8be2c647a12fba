import { describe, expect, it } from 'vitest';
import { formatAddress, generatedListingTitle, GENERATED_TITLE_MAX_LENGTH } from './listing-title';

describe('generatedListingTitle', () => {
  it('names the contract, the address and the town', () => {
    expect(generatedListingTitle(1, formatAddress('Via Padova', '45'), 'Milano')).toBe(
      'Casa in vendita in Via Padova, 45 a Milano',
    );
    expect(generatedListingTitle(2, 'Via Po, 3', 'Torino')).toBe('Casa in affitto in Via Po, 3 a Torino');
  });

  it('drops the address when the title would pass 63 characters', () => {
    const address = formatAddress('Circonvallazione Gianicolense', '161/B scala C');
    const title = generatedListingTitle(1, address, 'Roma');
    expect(`Casa in vendita in ${address} a Roma`.length).toBeGreaterThan(GENERATED_TITLE_MAX_LENGTH);
    expect(title).toBe('Casa in vendita a Roma');
  });

  it('keeps a title of exactly 63 characters', () => {
    const city = 'Milano';
    const filler = 'x'.repeat(GENERATED_TITLE_MAX_LENGTH - 'Casa in vendita in  a Milano'.length);
    expect(generatedListingTitle(1, filler, city)).toHaveLength(GENERATED_TITLE_MAX_LENGTH);
  });

  it('works without an address', () => {
    expect(generatedListingTitle(2, null, 'Bari')).toBe('Casa in affitto a Bari');
  });
});
