// When a message was sent, as the list and the bubbles say it: the time for today, "ieri" for
// yesterday, the day for older ones (the year only when it is not this one).

const TIME = new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'short' });
const DAY_YEAR = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'short', year: 'numeric' });
const FULL = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric' });

export type SentDay =
  | { kind: 'today'; time: string }
  | { kind: 'yesterday'; time: string }
  | { kind: 'date'; date: string; fullDate: string; time: string };

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** The day and time of `iso` seen from `now`; undefined for a date that does not parse. */
export function sentDay(iso: string, now: Date = new Date()): SentDay | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  const time = TIME.format(date);
  if (sameDay(date, now)) return { kind: 'today', time };
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, yesterday)) return { kind: 'yesterday', time };
  const date_ = date.getFullYear() === now.getFullYear() ? DAY.format(date) : DAY_YEAR.format(date);
  return { kind: 'date', date: date_, fullDate: FULL.format(date), time };
}
