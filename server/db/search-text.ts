// One normalisation for names, shared by the seed (which stores it) and the API
// (which queries with it), so 'Forlì', 'forli' and 'FORLI'' all meet.

const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** Lower case, accents removed, every run of non-alphanumerics a single space. */
export function toSearchName(value: string): string {
  return value
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** URL segment: 'Reggio nell'Emilia' -> 'reggio-nell-emilia'. */
export function toSlug(value: string): string {
  return toSearchName(value).replace(/ /g, '-');
}
