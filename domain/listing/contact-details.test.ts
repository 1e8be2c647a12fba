import { describe, expect, it } from 'vitest';
import { contactDetailIn, foldForContactCheck, type ContactKind } from './contact-details';

const cases = (kind: ContactKind | null, texts: readonly string[]) => {
  for (const text of texts) it(`${JSON.stringify(text)} → ${kind}`, () => expect(contactDetailIn(text)).toBe(kind));
};

describe('contactDetailIn: links', () => {
  cases('link', [
    'URGENTE: verifica il tuo account su https://rexer-verifica.example/login',
    'Foto su http://example.org',
    'hxxps://rexer-sicuro.xyz',
    'h**p://truffa.example',
    'HTTPS : // casa',
    'ftp[:]//file',
    'Visita www.casabella.it per le foto',
    'Visita WWW casabella',
    'w w w . casabella',
    'Tutte le foto su casabella.it',
    'casa-bella.com/annuncio/12',
    'Tour virtuale: bit.ly/3xYz',
    'Scrivimi su wa.me/393471234567',
    'Canale t.me/casebelle',
    'casabella [.] it',
    'casabella(.)com',
    'casabella (punto) it',
    'casabella punto com',
    'casabella dot com',
    'casabella .it',
    'casabella . it',
    // Lookalikes: fullwidth letters, an ideographic full stop, Cyrillic е and х, a zero-width space.
    'ｗｗｗ．casabella．it',
    'casabella。it',
    'rеxеr.it'.replace('x', 'х'),
    'ww\u200bw.casabella.it',
    'casa\u00adbella.com',
  ]);
});

describe('contactDetailIn: e-mail addresses', () => {
  cases('email', [
    'Scrivi a mario.rossi@gmail.com',
    'mario@g.it',
    'mario @ gmail',
    'mario＠gmail.com',
    'mario(at)gmail.com',
    'mario [at] gmail',
    'mario(chiocciola)libero',
    'mario chiocciola gmail punto com',
    'mario chiocciola libero.it',
    'mario at gmail dot com',
    'MARIO@LIBERO.IT',
  ]);
});

describe('contactDetailIn: phone numbers', () => {
  cases('phone', [
    'Chiamami al 3471234567',
    'Cell. 347 1234567',
    'Tel 347-123-4567',
    '347.123.4567',
    '(347) 123 45 67',
    '347 / 123 45 67',
    '3 4 7 1 2 3 4 5 6 7',
    '3-4-7-1-2-3-4-5-6-7',
    '+39 347 1234567',
    '+39 02 1234 5678',
    '0039 347 1234567',
    '02 1234 5678',
    '06.12.34.56.78',
    '011 123 4567',
    'Numero verde 800 123 456',
    '333.123.456',
    // After a price or a year, the number is still found.
    'Prezzo 250.000, info 347 1234567',
    'Costruita nel 1970 3471234567',
    // Other scripts' digits and fullwidth digits.
    '３４７１２３４５６７',
    '\u0663\u0664\u0667\u0661\u0662\u0663\u0664\u0665\u0666\u0667',
    '347\u200b123\u200b4567',
    '+44 20 7946 0958',
  ]);
});

describe('contactDetailIn: what is no contact detail', () => {
  cases(null, [
    'Casa in vendita in Via Padova, 45 a Milano',
    'Trilocale di 120 m² a 250.000 €',
    'Prezzo: € 1.250.000 trattabili',
    'Prezzo 350.000 € 120 mq',
    '€ 1 250 000',
    '€ 350 000',
    'Costruita nel 1970, ristrutturata nel 2005',
    'dal 1970 al 2005',
    'anni 2000 2010 2020',
    'Disponibile dal 01/09/2026',
    'Disponibile dal 01/09/26.',
    'Visite dalle 09.00-12.00 e dalle 15.30 alle 19.00',
    'Visite 9:30 - 12:30',
    'Roma 00184, zona Monti',
    'CAP 20121 Milano',
    'Al 3° piano di 5, con ascensore',
    'P.zza Duomo n. 12, Milano',
    'C.so Buenos Aires 3, V.le Monza 120',
    'Sig.ra Rossi, S.p.A., p.t., ecc. ecc.',
    'Cucina, bagno, camera ecc. Libero subito.',
    'Tre camere, 2 bagni, 1 cucina abitabile',
    'Box 25.000 / 30.000',
    'superficie 85 mq, 3 locali, 2 bagni',
    'Classe energetica G, 175 kWh/m² anno',
    'Spese condominiali 120 €/mese',
    'Via Roma 3 20121 Milano',
    'Affitto 800 € al mese, deposito 2.400 €',
    'Scala a chiocciola in ferro battuto. Il soggiorno è luminoso.',
    'Scala a chiocciola. Soggiorno con camino',
    'Vicino al punto info turistico',
    'Un punto comodo per i mezzi',
    'Sentiamo il wwwf e awwwesome',
    'Appartamento.Comodo ai mezzi',
    'Foglio 12 particella 345 sub 6',
    'Rendita catastale 1.234,56 €',
    'Quota 3,5%',
    'Riscaldamento autonomo; infissi nuovi (2019).',
    'Libero al rogito: 2 - 3 mesi.',
  ]);
});

describe('foldForContactCheck', () => {
  it('folds compatibility forms, marks, invisible characters and lookalikes', () => {
    expect(foldForContactCheck('Ｃａｓａ\u200b Perché ｗｗｗ rехer')).toBe('casa perche www rexer');
  });
});
