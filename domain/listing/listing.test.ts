import { describe, expect, it } from 'vitest';
import { deviceFromUserAgent } from './device';
import { formatThousands, parseThousands, stripNonDigits } from './number-format';
import { QUALITY_WEIGHTS, qualityScore, type QualityInput } from './quality';
import {
  formatAddress,
  generatedListingTitle,
  generatedTitleAt,
  GENERATED_TITLE_MAX_LENGTH,
  isGeneratedTitle,
  shownAddress,
  type TitleTemplates,
} from './title';

const TEMPLATES: TitleTemplates = {
  sale: 'Casa in vendita in {address} a {city}',
  rent: 'Casa in affitto in {address} a {city}',
  saleWithoutAddress: 'Casa in vendita a {city}',
  rentWithoutAddress: 'Casa in affitto a {city}',
};

describe('generatedListingTitle', () => {
  it('names the contract, the address and the town', () => {
    expect(generatedListingTitle(TEMPLATES, 1, formatAddress('Via Padova', '45'), 'Milano')).toBe(
      'Casa in vendita in Via Padova, 45 a Milano',
    );
    expect(generatedListingTitle(TEMPLATES, 2, formatAddress(' Via Po ', ' 3 '), 'Torino')).toBe(
      'Casa in affitto in Via Po, 3 a Torino',
    );
    expect(formatAddress('Via Po', '')).toBe('Via Po');
  });

  it('keeps a title of exactly 63 characters and drops the address at 64', () => {
    const room = GENERATED_TITLE_MAX_LENGTH - 'Casa in vendita in  a Milano'.length;
    expect(generatedListingTitle(TEMPLATES, 1, 'x'.repeat(room), 'Milano')).toHaveLength(63);
    expect(generatedListingTitle(TEMPLATES, 1, 'x'.repeat(room + 1), 'Milano')).toBe('Casa in vendita a Milano');
    expect(generatedListingTitle(TEMPLATES, 2, 'Circonvallazione Gianicolense, 161/B scala C', 'Roma')).toBe(
      'Casa in affitto a Roma',
    );
  });

  it('works without an address, and takes $ in a street literally', () => {
    expect(generatedListingTitle(TEMPLATES, 2, null, 'Bari')).toBe('Casa in affitto a Bari');
    expect(generatedListingTitle(TEMPLATES, 1, '  ', 'Bari')).toBe('Casa in vendita a Bari');
    expect(generatedListingTitle(TEMPLATES, 1, 'Via $& 1', 'Bari')).toBe('Casa in vendita in Via $& 1 a Bari');
  });
});

describe('the generated title of a listing', () => {
  const place = { street: 'Via Padova', streetNumber: '45', showAddress: true, city: 'Milano' };

  it('names the street only when the listing shows it, else the town alone', () => {
    expect(shownAddress(place)).toBe('Via Padova, 45');
    expect(shownAddress({ ...place, showAddress: false })).toBeNull();
    expect(shownAddress({ ...place, street: '  ' })).toBeNull();
    expect(generatedTitleAt(TEMPLATES, 1, place)).toBe('Casa in vendita in Via Padova, 45 a Milano');
    expect(generatedTitleAt(TEMPLATES, 1, { ...place, showAddress: false })).toBe('Casa in vendita a Milano');
    expect(generatedTitleAt(TEMPLATES, 2, { ...place, showAddress: false })).toBe('Casa in affitto a Milano');
  });

  it('recognises a generated title of a place, with its street or without, whatever the address shows', () => {
    for (const showAddress of [true, false]) {
      expect(
        isGeneratedTitle(TEMPLATES, 1, 'Casa in vendita in Via Padova, 45 a Milano', { ...place, showAddress }),
      ).toBe(true);
      expect(isGeneratedTitle(TEMPLATES, 1, ' Casa in vendita a Milano ', { ...place, showAddress })).toBe(true);
    }
    expect(isGeneratedTitle(TEMPLATES, 2, 'Casa in vendita a Milano', place)).toBe(false);
    expect(isGeneratedTitle(TEMPLATES, 1, 'Casa in vendita in Via Padova a Milano', place)).toBe(false);
    expect(isGeneratedTitle(TEMPLATES, 1, 'Bilocale in Via Padova, 45', place)).toBe(false);
  });
});

describe('number format', () => {
  it('puts a dot every three digits after stripping non-digits', () => {
    expect(formatThousands(0)).toBe('0');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(1000)).toBe('1.000');
    expect(formatThousands(1250000)).toBe('1.250.000');
    expect(formatThousands('€ 1 250 000')).toBe('1.250.000');
    expect(formatThousands('1.250')).toBe('1.250');
    expect(formatThousands('007')).toBe('7');
    expect(formatThousands('abc')).toBe('');
    expect(formatThousands(-1234.6)).toBe('1.235');
    expect(formatThousands(null)).toBe('');
    expect(formatThousands(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('parses back what it formats', () => {
    expect(stripNonDigits('a1b2')).toBe('12');
    for (const n of [0, 7, 999, 1000, 123456789, 1_000_000_000]) expect(parseThousands(formatThousands(n))).toBe(n);
    expect(parseThousands('—')).toBeUndefined();
    expect(parseThousands('9'.repeat(20))).toBeUndefined();
  });
});

describe('qualityScore', () => {
  const empty: QualityInput = {
    photos: 0,
    descriptionLength: 0,
    floorPlan: false,
    energyCertificate: false,
    filledFields: 0,
    totalFields: 20,
  };
  const full: QualityInput = {
    photos: 12,
    descriptionLength: 900,
    floorPlan: true,
    energyCertificate: true,
    filledFields: 20,
    totalFields: 20,
  };

  it('weighs 100 in all', () => {
    expect(Object.values(QUALITY_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('is 0 with nothing and 100 with everything', () => {
    expect(qualityScore(empty)).toEqual({
      score: 0,
      next: ['addPhotos', 'fillFields', 'writeDescription', 'addFloorPlan', 'addEnergyCertificate'],
    });
    expect(qualityScore(full)).toEqual({ score: 100, next: [] });
  });

  it('grows with each part and orders the tips by what they would add', () => {
    const some = qualityScore({ ...full, photos: 9, descriptionLength: 100, floorPlan: false });
    expect(some.score).toBe(Math.round(100 - 3.5 - (20 * 500) / 600 - 10));
    expect(some.next).toEqual(['lengthenDescription', 'addFloorPlan', 'addMorePhotos']);
    let last = -1;
    for (let photos = 0; photos <= 12; photos++) {
      const { score } = qualityScore({ ...empty, photos });
      expect(score).toBeGreaterThanOrEqual(last);
      last = score;
    }
  });

  it('stays within 0-100 for odd input', () => {
    expect(
      qualityScore({ ...full, photos: -3, descriptionLength: Number.NaN, filledFields: 40, totalFields: 20 }).score,
    ).toBe(25 + 10 + 10);
    expect(qualityScore({ ...full, totalFields: 0, filledFields: 0 }).score).toBe(100);
  });
});

describe('deviceFromUserAgent', () => {
  it('tells phones, tablets and desktops apart', () => {
    expect(
      deviceFromUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'),
    ).toBe('mobile');
    expect(
      deviceFromUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124 Mobile Safari/537.36',
      ),
    ).toBe('mobile');
    expect(deviceFromUserAgent('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15')).toBe('tablet');
    expect(
      deviceFromUserAgent('Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/124 Safari/537.36'),
    ).toBe('tablet');
    expect(
      deviceFromUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124 Safari/537.36'),
    ).toBe('desktop');
    expect(deviceFromUserAgent(undefined)).toBe('desktop');
  });
});
