/** Today in Italy, YYYY-MM-DD: something at 00:30 in Rome counts on that day, not on UTC's previous one. */
export function italianDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
