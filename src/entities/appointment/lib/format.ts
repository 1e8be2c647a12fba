// Times of visits: always Europe/Rome (where the homes are), in Italian, the same on the
// server and in the browser.

const ROME = 'Europe/Rome';
const PARTS = new Intl.DateTimeFormat('it-IT', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: ROME,
});
const YEAR = new Intl.DateTimeFormat('it-IT', { year: 'numeric', timeZone: ROME });

function parts(date: Date): Record<string, string> {
  return Object.fromEntries(PARTS.formatToParts(date).map((part) => [part.type, part.value]));
}

/**
 * "giovedì 3 dicembre, 10:30"; the year is added when it is not this year's
 * ("lunedì 4 gennaio 2027, 09:00"). '' for nothing or a bad date.
 */
export function formatVisitTime(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = parts(date);
  const year = p.year !== YEAR.format(now) ? ` ${p.year}` : '';
  return `${p.weekday} ${p.day} ${p.month}${year}, ${p.hour}:${p.minute}`;
}

/** "3 dicembre 2026, 10:30": when something happened (the history). */
export function formatEventTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = parts(date);
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`;
}
