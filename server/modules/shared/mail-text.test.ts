import { describe, expect, it } from 'vitest';
import { searchAlertMail } from '../saved-searches/mail';
import { valuationMail } from '../valuation/mail';
import { greeting, oneLineSubject } from './mail-text';

describe('names in mails', () => {
  it('greets a person by the name they gave', () => {
    expect(greeting("D'Amico")).toBe("Ciao D'Amico,");
    expect(greeting(' Maria-Grazia ')).toBe('Ciao Maria-Grazia,');
    expect(greeting(null)).toBe('Ciao,');
    expect(greeting('')).toBe('Ciao,');
  });

  it('leaves out a stored name the rules refuse now: never a second line or a link in a mail', () => {
    expect(greeting('Mario,\n\nil tuo account è bloccato: https://evil.example')).toBe('Ciao,');
    expect(greeting('Mario\u2028Rossi')).toBe('Ciao,');
    expect(greeting('\u202eoiraM')).toBe('Ciao,');
    expect(greeting('Visita evil.com')).toBe('Ciao,');
  });

  it('opens the valuation and search-alert mails the same way', () => {
    const valuation = valuationMail({
      userName: 'Mario\nVisita https://evil.example',
      address: 'Via Roma 1, Milano',
      rent: false,
      valuation: { outcome: 'noEstimate', radiusM: 1000, comparables: [] } as never,
      link: 'https://www.rexer.example/valutocasa/1',
      contactUrl: 'https://www.rexer.example/contatti',
    });
    expect(valuation.text.split('\n')[0]).toBe('Ciao,');
    expect(valuation.text).not.toContain('evil');
    const alert = searchAlertMail({
      userName: 'Niccolò',
      searchName: 'Bilocali',
      summary: 'Milano',
      publicUrl: 'https://www.rexer.example',
      searchUrl: 'https://www.rexer.example/r',
      deleteUrl: 'https://www.rexer.example/d',
      listings: [],
    });
    expect(alert.text.split('\n')[0]).toBe('Ciao Niccolò,');
  });

  it('writes a subject on one line', () => {
    expect(oneLineSubject('Conferma\r\nBcc: x@example.com')).toBe('Conferma Bcc: x@example.com');
    expect(oneLineSubject('A\u2028B\u2029C\u202eD\u200bE')).toBe('A B C D E');
  });
});
