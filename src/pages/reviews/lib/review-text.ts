/** An average rating in Italian, one decimal («4,3»). */
export function formatAverage(value: number): string {
  return new Intl.NumberFormat('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/** A day in Italian («25 novembre 2026»), in Rome's time. */
export function formatReviewDate(iso: string): string {
  return new Intl.DateTimeFormat('it-IT', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Rome',
  }).format(new Date(iso));
}
