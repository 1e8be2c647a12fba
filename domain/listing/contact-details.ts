// Contact details in a seller's text: a listing's title and description (wizard steps 16 and
// 17, the only free text of a listing that others read) may carry no link, e-mail address or
// phone number. It is the portals' usual rule: buyers reach the seller through Rexer (visit
// requests), and a seller's text reaches other people's pages and mail (the saved-search
// alerts list titles), where a link is a phishing lure. Pure and without Italian words: the
// step views, the machines and the server ask the same function (through
// domain/wizard-steps.ts isValidAnswer and contactInAnswer), and each says why in Italian from
// the kind found.
//
// What it catches, after folding the text (compatibility forms such as fullwidth letters,
// digits and '＠', accents and other combining marks, invisible characters such as zero-width
// spaces and soft hyphens, the Cyrillic and Greek letters and the small capitals that look
// Latin, digits of other scripts and a few dot and slash lookalikes):
//   - links: any 'x://' (also 'hxxp://', 'https : //', '[:]'), a bare 'www', and a name
//     followed by a common top-level domain ('rexer.it', 'bit.ly/x', 'linktr.ee/x', 'is.gd/x');
//     the domains that are also Italian words ('io', 'ai', 'me', 'de', 'es', 'co', 'at', 'do',
//     'tv') only typed in lower case or followed by a path ('casa-roma.io', 'TELEGRAM.ME/x', not
//     'servizi.Ai piani'); the shorteners and messaging links of a one-letter name or another
//     domain ('wa.me', 't.me', 'm.me', 't.co', 'x.com', 'youtu.be', 'discord.gg'); also written
//     'rexer [.] it', 'rexer (punto) it', 'rexer punto com', 'rexer dot com', 'rexer .it'
//     (spelled or spaced only for com, it, net, org, eu);
//   - e-mail addresses: 'a@b' (spaces around the '@' too), '(at)', '[at]', '{at}', '<at>',
//     '(chiocciola)', and 'mario chiocciola gmail punto com' or 'mario at gmail dot com' when a
//     domain follows;
//   - phone numbers: a run of digit groups joined by up to five characters that are neither
//     letters, digits nor a unit or sign ('€', '%', '°', '+', '@', '&'), a run of spaces counting
//     as one: spaces, dots, dashes, slashes, brackets, commas, colons, stars, tildes, bullets
//     ('347,123,4567', '347•1234567', '347 -- 123 -- 4567', '3 4 7 1 2 3 4 5 6 7'), holding,
//     from the start of any group, an Italian mobile (3, 9-10 digits), a landline (0, 8-11
//     digits), a toll-free or premium number (80 or 89, 9-10 digits) or an international number
//     ('+' or '00', then 7-13 digits).
// What it lets through (false positives avoided): prices with the thousands dot ('250.000',
// '1.250.000', unless the digits alone are a phone number), surfaces ('120 m²'), years
// ('1970', 'dal 1970 al 2005', 'nel 1965, nel 2019'), dates ('01/09/2026'), times
// ('9.30-12.30'), postcodes ('00184 Roma', and after a house number and a comma: 'Via Appia
// Nuova 3124, 00179 Roma'), floors ('3° piano'), house numbers ('n. 12'), lists of short
// numbers after a comma and a space ('interni 3, 5, 7, 9, 11'), abbreviations ('P.zza', 'C.so',
// 'ecc.', 'S.p.A.', 'p.t.', 'p.es.'), 'www' inside a word, 'scala a chiocciola', 'punto info'.
// Known misses, accepted: numbers spelled in words ('tre quattro sette'), letters for digits
// ('O' for 0), a name without any dot or top-level domain ('cercaci su rexer'), social
// handles ('@casa'), a sentence's dot ('rexer. it'), a word-like domain capitalised or in
// capitals without a path ('CASA-ROMA.IO'), a phone number of one-digit groups listed with
// commas and spaces ('3, 4, 7, 1, 2, ...'), a number split 4 + 5 digits around a comma before a
// word ('cell 3471, 12345 ore pasti', read as house number and postcode), separators longer
// than five characters ('347 - - - 123').

export type ContactKind = 'link' | 'email' | 'phone';

/** Letters of other scripts that read as Latin ones (Cyrillic, Greek, small capitals), and lookalike punctuation NFKD leaves alone: each of FROM reads as the character of TO at its place. */
const LOOKALIKE_FROM =
  'авеёкмнорстухіїјѕԁԛԝһɡАВЕКМНОРСТУХІЈЅαβγεικνορτυχωΑΒΕΖΗΙΚΜΝΟΡΤΥΧᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘʀꜱᴛᴜᴠᴡʏᴢ。｡․⸱∙·٫։‧⋅•∘˙⸳᛫꓿⁄∕⧸／＠﹫';
const LOOKALIKE_TO =
  'abeekmhopctyxiijsdqwhgABEKMHOPCTYXIJSabyeikvoptuxwABEZHIKMNOPTYXabcdefghijklmnoprstuvwyz................////@@';
const LOOKALIKE = new RegExp(`[${LOOKALIKE_FROM}]`, 'gu');

/** The value of a decimal digit of any script: contiguous runs of \p{Nd} start at their zero. */
function asciiDigit(char: string): string {
  let code = char.codePointAt(0)!;
  let start = code;
  while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start -= 1;
  code = (code - start) % 10;
  return String(code);
}

/** The text as a reader sees it, in ASCII where another script only looks like it, its case kept. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}]/gu, '')
    .replace(LOOKALIKE, (c) => LOOKALIKE_TO[LOOKALIKE_FROM.indexOf(c)]!)
    .replace(/[^\p{ASCII}]/gu, (c) => (/\p{Nd}/u.test(c) ? asciiDigit(c) : c));
}

/** The text as a reader sees it, lower-cased, in ASCII where another script only looks like it. */
export function foldForContactCheck(text: string): string {
  return fold(text).toLowerCase();
}

// Every pattern is linear on a long text: quantifiers are bounded and a name before a dot is
// checked by a lookbehind of two characters, never by a repetition the engine could retry.

/** Top-level domains that follow a name and a dot ('rexer.it'); none is an Italian word after a dot typed without a space. */
const TLDS =
  'com|it|net|org|eu|info|biz|ly|app|online|site|xyz|shop|store|link|ru|fr|uk|ch|us|club|top|live|cc|tk|gl|ws|dev|ee|gd|gy|casa|immo|house|homes|realestate|pro|page|tech|cloud|vip|gg|nl|pl|web|blog|news|space|website|rent|properties|agency|email|group|world|icu|fm|mobi|ltd';
/**
 * Top-level domains that are also Italian (or common) words a sentence may begin with when the
 * space after its dot is forgotten ('vicino ai servizi.Ai piani alti', 'centro.Io', 'Arch.De
 * Santis', 'angolo.TV'): a link only when typed in lower case ('casa-roma.io') or followed by a
 * path ('TELEGRAM.ME/mario').
 */
const WORD_TLDS = 'io|ai|me|de|es|co|at|do|tv|so|to|li|be';
/** Link shorteners and messaging links whose name is a single letter or whose domain is in neither list. */
const SHORT_LINKS = [
  'wa.me',
  'wa.link',
  't.me',
  'm.me',
  'ig.me',
  'fb.me',
  'wp.me',
  't.co',
  'g.co',
  'x.com',
  't.ly',
  's.id',
  'u.to',
  'amzn.to',
  'lnk.to',
  'youtu.be',
  'instagr.am',
  'discord.gg',
  'telegram.dog',
  'shorturl.at',
  'bit.do',
]
  .map((link) => link.replace('.', String.raw`\.`))
  .join('|');
/** Those that count when the dot is spelled or spaced ('rexer punto com'): not 'info' ('al punto info'). */
const SPELLED_TLDS = 'com|it|net|org|eu';
const SPELLED_DOT = String.raw`(?:\s{0,2}(?:\[\.\]|\(\.\)|\[(?:punto|dot)\]|\((?:punto|dot)\))\s{0,2}|\s{1,2}(?:punto|dot)\s{1,2}|\s{1,2}\.\s{0,2})`;
const END = '(?![a-z0-9-])';

const EMAIL_PATTERNS: readonly RegExp[] = [
  // mario@gmail.com, mario@g.it
  /[a-z0-9._%+-]@[a-z0-9]/,
  // mario @ gmail, mario(at)gmail, mario [chiocciola] gmail, mario{at}gmail, mario <at> gmail: a name of two characters after it ('a @ 3 minuti' is no address)
  /[a-z0-9._%+-]\s{0,2}(?:@|\(\s?(?:at|chiocciola)\s?\)|\[\s?(?:at|chiocciola)\s?\]|\{\s?(?:at|chiocciola)\s?\}|<\s?(?:at|chiocciola)\s?>)\s{0,2}[a-z0-9][a-z0-9-]/,
  // mario chiocciola gmail punto com, mario at gmail dot com: only with a domain after it
  new RegExp(
    String.raw`[a-z0-9]\s{1,2}(?:at|chiocciola)\s{1,2}[a-z0-9-]{2,63}(?:\.(?:${TLDS})|${SPELLED_DOT}(?:${SPELLED_TLDS}))${END}`,
  ),
];

const LINK_PATTERNS: readonly RegExp[] = [
  // https://, hxxp://, h**p : //, ftp[:]//
  /[a-z*]\s{0,2}(?::|\[:\]|\(:\))\s{0,2}\/\s{0,2}\//,
  // www alone, or spaced: www.rexer.it, w w w
  /(?<![a-z0-9])(?:www|w\s{1,2}w\s{1,2}w)(?![a-z0-9])/,
  // rexer.it, bit.ly/x, case-vendita.com
  new RegExp(String.raw`(?<=[a-z0-9-]{2})\.(?:${TLDS})${END}`),
  // wa.me, t.me, t.co, youtu.be, discord.gg (shorteners and messaging links)
  new RegExp(String.raw`(?<![a-z0-9])(?:${SHORT_LINKS})${END}`),
  // rexer [.] it, rexer (punto) it, rexer punto com, rexer dot com, rexer .it
  new RegExp(String.raw`(?<=[a-z0-9-]{2})${SPELLED_DOT}(?:${SPELLED_TLDS})${END}`),
];

/** casa-roma.io, telegram.me/mario, SHORTURL.AT/x, but not 'servizi.Ai piani' or 'Arch.De Santis' (the text folded, its case kept). */
const WORD_TLD = new RegExp(String.raw`(?<=[a-z0-9-]{2})\.(${WORD_TLDS})(?![a-z0-9-])(\s{0,2}\/)?`, 'gi');

function hasWordTldLink(text: string): boolean {
  for (const [, tld, path] of text.matchAll(WORD_TLD)) if (path || tld === tld!.toLowerCase()) return true;
  return false;
}

/** Digits that make a phone number: `plus` when a '+' stands before them. */
function isPhoneNumber(digits: string, plus: boolean): boolean {
  const n = digits.length;
  if (plus) return n >= 8 && n <= 15;
  if (digits.startsWith('00')) return n - 2 >= 7 && n - 2 <= 13;
  if (digits.startsWith('3')) return n >= 9 && n <= 10;
  if (digits.startsWith('0')) return n >= 8 && n <= 11;
  if (digits.startsWith('80') || digits.startsWith('89')) return n >= 9 && n <= 10;
  return false;
}

/** What stops a run of digits: a date, a time, or a price written with the thousands dot. */
const DATE =
  /(?<![\d./-])(?:0?[1-9]|[12]\d|3[01])([./-])(?:0?[1-9]|1[0-2])\1(?:(?:19|20)\d{2}(?!\d)|\d{2}(?!\d|[\s./-]\d))/g;
const TIME = /(?<![\d.:])(?:[01]?\d|2[0-3])[.:][0-5]\d(?!\d|[.:]\d)/g;
const PRICE = /(?<![\d.])[1-9]\d{0,2}(?:\.\d{3})+(?!\d|\.\d)/g;
/** A postcode after a street's house number and a comma ('Via Appia Nuova 3124, 00179 Roma'): the two are no number. */
const POSTCODE = /(?<=\p{L}{2}\.?\s{1,3}\d{1,4}(?:\s?\/?\s?[a-z](?![a-z]))?\s{0,2}[,;]\s{0,3})\d{5}(?=\s{1,3}\p{L})/gu;
/**
 * Between two groups of one number: at most five characters (a run of spaces counting as one)
 * that are neither letters nor digits, nor a unit or sign that makes the groups two quantities
 * ('350.000 € 120 mq', '3° 4°', '10% 20%', '+39').
 */
const JOIN = /^[^\p{L}\p{N}€$£%‰°+@&]{1,5}$/u;
/** A comma and a space between two short numbers: a list ('interni 3, 5, 7, 9, 11'), not one number. */
const LIST = /[,;]\s/;

function hasPhoneNumber(text: string): boolean {
  // What is no number becomes a letter, which ends a run.
  const plain = text
    .replace(POSTCODE, 'x')
    .replace(DATE, 'x')
    .replace(TIME, 'x')
    .replace(PRICE, (price) => (isPhoneNumber(price.replace(/\./g, ''), false) ? price : 'x'));
  const groups = [...plain.matchAll(/\d+/g)];
  let run: { digits: string; plus: boolean }[] = [];
  const check = () => {
    for (let i = 0; i < run.length; i++) {
      let digits = '';
      for (let j = i; j < run.length && digits.length <= 15; j++) {
        digits += run[j]!.digits;
        if (isPhoneNumber(digits, run[i]!.plus)) return true;
      }
    }
    return false;
  };
  for (let k = 0; k < groups.length; k++) {
    const group = groups[k]!;
    const previous = groups[k - 1];
    const gap = previous ? plain.slice(previous.index + previous[0].length, group.index) : null;
    const joined =
      gap !== null &&
      JOIN.test(gap.replace(/\s+/g, ' ')) &&
      !(LIST.test(gap) && previous![0].length <= 2 && group[0].length <= 2);
    if (!joined) {
      if (check()) return true;
      run = [];
    }
    run.push({ digits: group[0], plus: /\+[\s(]{0,2}$/.test(plain.slice(Math.max(0, group.index - 3), group.index)) });
  }
  return check();
}

/** The first kind of contact detail in `text` (an e-mail before a link, whose domain it holds), or null. */
export function contactDetailIn(text: string): ContactKind | null {
  const cased = fold(text);
  const folded = cased.toLowerCase();
  if (EMAIL_PATTERNS.some((pattern) => pattern.test(folded))) return 'email';
  if (LINK_PATTERNS.some((pattern) => pattern.test(folded)) || hasWordTldLink(cased)) return 'link';
  if (hasPhoneNumber(folded)) return 'phone';
  return null;
}
