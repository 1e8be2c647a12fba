import { describe, expect, it } from 'vitest';
import { isOneLineText, isPersonName, isPlainName, looksLikeLink } from './person-name';

/** One hostile character of each kind, inside an otherwise good name. */
const HOSTILE_CHARACTERS: Record<string, string> = {
  'line feed': '\n',
  'carriage return': '\r',
  tab: '\t',
  NUL: '\u0000',
  DEL: '\u007f',
  'C1 next line': '\u0085',
  'line separator': '\u2028',
  'paragraph separator': '\u2029',
  'right-to-left override': '\u202e',
  'left-to-right embedding': '\u202a',
  'first strong isolate': '\u2068',
  'pop directional isolate': '\u2069',
  'left-to-right mark': '\u200e',
  'right-to-left mark': '\u200f',
  'Arabic letter mark': '\u061c',
  'zero-width space': '\u200b',
  'zero-width joiner': '\u200d',
  'word joiner': '\u2060',
  'soft hyphen': '\u00ad',
  'byte-order mark': '\ufeff',
  'Hangul filler': '\u3164',
  'private use': '\ue000',
  'lone surrogate': '\ud800',
};

const ITALIAN_NAMES = [
  "D'Amico",
  'D’Angelo',
  'Niccolò',
  'Maria-Grazia',
  'Anna Maria',
  "De' Medici",
  'Gianluca',
  'Zoë',
  'Müller',
  'Łukasz',
  'Nguyễn',
  'Σοφία',
  "Sant'Ambrogio",
  'Maria G.',
  'José María',
  "'t Hooft",
];

describe('names', () => {
  it('accepts the names people have: apostrophes, accents, hyphens, spaces, other scripts', () => {
    for (const name of ITALIAN_NAMES) expect(isPersonName(name), name).toBe(true);
    // Decomposed accents (e + combining marks) are letters too.
    expect(isPersonName('Nguye\u0323\u0302n')).toBe(true);
  });

  it('refuses every control, separator, direction and invisible character, in every kind of name', () => {
    for (const [what, character] of Object.entries(HOSTILE_CHARACTERS)) {
      const name = `Ma${character}rio`;
      expect(isPersonName(name), what).toBe(false);
      expect(isPlainName(name), what).toBe(false);
      expect(isOneLineText(name), what).toBe(false);
    }
  });

  it('refuses a person name that a mail client would make a link of, or that holds digits or symbols', () => {
    for (const name of [
      'Visita https://evil.example',
      'www.evil.it',
      'Mario evil.com',
      'mario@evil.it',
      'evil。com',
      'Mario 06 1234 5678',
      'Mario <b>',
      'Mario & Co',
      '...',
      'Zalgo\u0301\u0301\u0301',
    ]) {
      expect(isPersonName(name), name).toBe(false);
    }
  });

  it('lets places and companies keep their punctuation, but no link in a place', () => {
    expect(isPlainName('Bolzano/Bozen')).toBe(true);
    expect(isPlainName("Reggio nell'Emilia")).toBe(true);
    expect(isPlainName('S. Giovanni in Persiceto')).toBe(true);
    expect(isPlainName('evil.com/accedi')).toBe(false);
    expect(isOneLineText('Rossi & Figli S.r.l. 2000')).toBe(true);
  });

  it('tells a host name from an abbreviation', () => {
    expect(looksLikeLink('Maria G. Rossi')).toBe(false);
    // Hidden by what nobody sees before the full stop, or a bare address.
    for (const hidden of [
      'evil\u00ad.com',
      'evil\u{e0020}.com',
      'evil\u180e.com',
      'evil\u206a.com',
      'evil\ufe0f.com',
      'evil\u0301.com',
      '203.0.113.7/login',
    ]) {
      expect(looksLikeLink(hidden), JSON.stringify(hidden)).toBe(true);
    }
    expect(looksLikeLink('3.5 stelle')).toBe(false);
    expect(looksLikeLink('Immobiliare S.r.l.')).toBe(false);
    expect(looksLikeLink('bit.ly')).toBe(true);
    expect(looksLikeLink('HTTP://X')).toBe(true);
  });
});
