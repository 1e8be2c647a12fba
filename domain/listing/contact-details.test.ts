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
    // Security review: other top-level domains, shorteners and messaging links.
    'Scrivimi su telegram.me/mario',
    'm.me/mario',
    'Foto: t.co/abc',
    'Tutti i contatti su linktr.ee/mario',
    'shorturl.at/abc',
    'is.gd/abc',
    'rb.gy/abc',
    'casa-roma.io',
    'casaroma.de',
    'casaroma.es/foto',
    'casaroma.co',
    'casaroma.tv',
    'casaroma.ai',
    'casaroma.dev',
    'casaroma.at',
    'bit.do/casa',
    'youtu.be/abc',
    'x.com/casaroma',
    'discord.gg/casa',
    'TELEGRAM.ME/mario',
    'SHORTURL.AT',
    // Small capitals.
    'ᴄᴀsᴀʀᴏᴍᴀ.ɪᴛ',
  ]);
});

describe('contactDetailIn: abbreviations and sentences that only look like a domain', () => {
  cases(null, [
    'Ideale per più usi, p.es. studio o ufficio',
    'Ideale per più usi, ad es. studio',
    'Cucina, bagno, ripostiglio ecc.',
    'Sig.ra Rossi, Dott. Bianchi, Sig.ra De Luca',
    'n.civico 12',
    'V.le Monza, c.so Italia, p.zza Duomo',
    'Rossi S.p.A., Soc.Co. edilizia, Rossi & Co.',
    'Tel. alla reception del residence',
    // A forgotten space after a dot, the next sentence starting with a word that is also a domain.
    'Vicino ai servizi.Ai piani alti vista libera',
    'Casa in centro.Io e mia moglie la lasciamo con dispiacere',
    "Progetto dell'Arch.De Santis",
    'Soggiorno con angolo.TV e camino',
    'VICINO AI SERVIZI.AI PIANI ALTI VISTA LIBERA',
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
    // Security review: the address's '@' in braces and angle brackets.
    'mario{at}gmail',
    'mario{at}gmail.com',
    'mario <at> gmail',
    'mario<at>gmail.com',
    'mario { at } gmail',
    'mario (at) gmail.com',
    'mario {chiocciola} gmail',
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
    // Security review: other separators, and longer runs of them.
    '347,123,4567',
    '347, 1234567',
    '347:1234567',
    '347*1234567',
    '347~1234567',
    '347·1234567',
    '347•1234567',
    '347 -- 123 -- 4567',
    '347 ... 123 ... 4567',
    '347 | 123 | 4567',
    '347#123#4567',
    '347—123—4567',
    '+39 347,1234567',
    'Tel. 02, 1234, 5678',
    '3,4,7,1,2,3,4,5,6,7',
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
    // Numbers of an ordinary ad next to the wider separators (security review).
    '€ 250.000',
    'Prezzo 250,000 €',
    '€ 3,500,000',
    '120 mq, 1.200 m² di giardino',
    'Costruito nel 1965, ristrutturato nel 2019',
    'Anni 1965, 1980, 2019',
    '3 camere, 2 bagni, 1 box',
    'Via Roma 12, 20121 Milano',
    'Via Appia Nuova 3124, 00179 Roma',
    'Via Garibaldi 312, 35121 Padova',
    'Via Nomentana 3, 00161 Roma',
    'Viale Monza 3/A, 20127 Milano',
    'Napoli 80121, 120 mq',
    'Disponibile dal 01/03/2025',
    'Dal 01.03.2025, 3 locali',
    "Spese 1.500 € l'anno",
    'Foglio 12 particella 345 sub 7',
    'Fg. 12, part. 345, sub. 7',
    'Interni 3, 5, 7, 9, 11, 13, 15',
    'Piani: 0, 1, 2, 3, 4, 5, 6, 7',
    'Prezzo: 350.000 € • 120 mq • 3 locali',
    'Classe A4 · 2019 · 120 m²',
    '1° piano · 2 camere · 1 bagno',
    'Visite ore 9:30, 12:30, 15:00',
    'Rendita 1.234,56 € - spese 1.500 €/anno',
    'Millesimi 312,50',
    'Superficie: 120 mq; giardino: 300 mq',
    'Palazzina del 1965; 3° piano; 2 bagni',
    'Sconto 10% ~ 20%',
  ]);
});

describe('foldForContactCheck', () => {
  it('folds compatibility forms, marks, invisible characters and lookalikes', () => {
    expect(foldForContactCheck('Ｃａｓａ\u200b Perché ｗｗｗ rехer')).toBe('casa perche www rexer');
  });
});
