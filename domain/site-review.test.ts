import { describe, expect, it } from 'vitest';
import { contactInSiteReview, impersonatesRexer, impersonationInSiteReview } from './site-review';

describe('impersonatesRexer', () => {
  it('refuses the brand and the staff’s roles, alone or in a name', () => {
    for (const name of [
      'Rexer',
      'rexer',
      'REXER',
      'Team Rexer',
      'Rexer Italia',
      'Pia di Rexer',
      'RexerStaff',
      'Staff',
      'Lo staff',
      'Il Moderatore',
      'Moderatrice',
      'Moderator',
      'Moderazione',
      'Amministratore',
      'Amministrazione',
      'Admin',
      'Administrator',
      'La Redazione',
      'Supporto',
      'Assistenza',
    ])
      expect(impersonatesRexer(name), name).toBe(true);
  });

  it('reads accents, other scripts, fullwidth forms, digits and signs as the letters they show', () => {
    for (const name of [
      'Rèxér',
      'Rêxêr',
      'R\u0435x\u0435r', // Cyrillic е
      'R\u0435\u0445\u0435r', // Cyrillic е and х
      'ʀᴇxᴇʀ', // small capitals
      'Ｒｅｘｅｒ', // fullwidth
      'R\u200bexer', // a zero-width space inside
      'R3x3r',
      'Adm1n',
      'ADMlN', // a lower-case L for the capital I
      'Adrnin', // 'rn' for 'm'
      '$taff',
      'St4ff',
      'Re×er',
      'Mοderatοre', // Greek omicron
      'Amm1n1stratore',
    ])
      expect(impersonatesRexer(name), name).toBe(true);
  });

  it('sees through spacing, punctuation, doubled letters and split words', () => {
    for (const name of [
      'R e x e r',
      'R.E.X.E.R.',
      'R-e-x-e-r',
      'Re xer',
      'Reeexer',
      'Rexxer',
      'S t a f f',
      'S.T.A.F.F.',
      'Stafff',
      'Ad min',
      'Mode Ratore',
      'Pia Staff',
    ])
      expect(impersonatesRexer(name), name).toBe(true);
  });

  it('lets real names and towns through, some holding a reserved word inside another', () => {
    for (const name of [
      'Pia',
      'Giulia M.',
      'Francesca e Luca',
      'Ahmed K.',
      'Staffan',
      'Staffolo',
      'Santa Margherita di Staffora',
      'Rex',
      'Xena',
      'Adamo',
      'Admeto',
      'Ermes',
      'Maria-Grazia',
      "D'Amico",
      'Niccolò',
      'Σοφία',
      'Milano',
      'Reggio nell’Emilia',
      'Bolzano/Bozen',
    ])
      expect(impersonatesRexer(name), name).toBe(false);
  });
});

describe('impersonationInSiteReview', () => {
  it('names the published field that passes for Rexer, the name first', () => {
    expect(impersonationInSiteReview({ displayName: 'Pia', town: 'Milano' })).toBeNull();
    expect(impersonationInSiteReview({ displayName: 'Rexer', town: 'Milano' })).toBe('displayName');
    expect(impersonationInSiteReview({ displayName: 'Pia', town: 'Staff Rexer' })).toBe('town');
    expect(impersonationInSiteReview({ displayName: 'Admin', town: 'Rexer' })).toBe('displayName');
  });
});

describe('contactInSiteReview', () => {
  it('names the first field holding contact details, and their kind', () => {
    const review = { title: 'Ottimo servizio', text: 'Tutto bene, davvero.', displayName: 'Pia', town: 'Milano' };
    expect(contactInSiteReview(review)).toBeNull();
    expect(contactInSiteReview({ ...review, text: 'Scrivetemi su www.esempio.it' })).toEqual({
      field: 'text',
      kind: 'link',
    });
    expect(contactInSiteReview({ ...review, town: 'mario@gmail.com' })).toEqual({ field: 'town', kind: 'email' });
  });
});
