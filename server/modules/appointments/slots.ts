// The visit calendar of a listing: weekly windows in Europe/Rome time and the 30-minute slots
// they offer. A visit lasts VISIT_MINUTES and starts on a half hour, so two visits of a listing
// overlap only when they start at the same instant: the unique index on (property_id,
// scheduled_at) of confirmed visits is then the whole rule "a slot is confirmed once".

export const VISIT_TIME_ZONE = 'Europe/Rome';
/** Length of a visit and step of the slots, in minutes. */
export const VISIT_MINUTES = 30;
/** Slots are offered from tomorrow (Rome's calendar) for this many days. */
export const VISIT_SLOT_DAYS = 14;
/** At most this many weekly windows per listing. */
export const MAX_VISIT_WINDOWS = 14;

export interface VisitWindow {
  /** 1 Monday ... 7 Sunday. */
  weekday: number;
  startsMinute: number;
  endsMinute: number;
}

/** "09:30" → 570; "24:00" → 1440 (an end only); anything else → null. */
export function minutesOf(hhmm: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) return null;
  return hours * 60 + minutes;
}

export function hhmmOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Checks a week of windows: From before To, both on VISIT_MINUTES steps, at most
 * MAX_VISIT_WINDOWS, none overlapping another of its weekday (touching is fine: 9-12, 12-13).
 * Answers them sorted, or null when one is wrong.
 */
export function checkWindows(windows: { Weekday: number; From: string; To: string }[]): VisitWindow[] | null {
  if (windows.length > MAX_VISIT_WINDOWS) return null;
  const out: VisitWindow[] = [];
  for (const window of windows) {
    const startsMinute = minutesOf(window.From);
    const endsMinute = minutesOf(window.To);
    if (startsMinute === null || endsMinute === null || startsMinute >= endsMinute || startsMinute >= 1440) return null;
    if (startsMinute % VISIT_MINUTES !== 0 || endsMinute % VISIT_MINUTES !== 0) return null;
    if (!Number.isInteger(window.Weekday) || window.Weekday < 1 || window.Weekday > 7) return null;
    out.push({ weekday: window.Weekday, startsMinute, endsMinute });
  }
  out.sort((a, b) => a.weekday - b.weekday || a.startsMinute - b.startsMinute);
  for (let i = 1; i < out.length; i++) {
    if (out[i].weekday === out[i - 1].weekday && out[i].startsMinute < out[i - 1].endsMinute) return null;
  }
  return out;
}

const romeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: VISIT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The wall clock of Rome at an instant. */
export function romeWallClock(at: Date): { year: number; month: number; day: number; minutes: number } {
  const parts = Object.fromEntries(romeFormat.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The instant of a wall-clock time in Rome; null in the hour skipped when clocks go forward. */
export function romeInstant(year: number, month: number, day: number, minutes: number): Date | null {
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  const offsetAt = (t: number) => {
    const w = romeWallClock(new Date(t));
    return Date.UTC(w.year, w.month - 1, w.day, 0, w.minutes) - Math.floor(t / 60_000) * 60_000;
  };
  // Rome is UTC+1 or UTC+2: try the offset an hour before and at the guess (the earlier instant wins in the repeated hour).
  for (const guess of [wall - 3 * 3_600_000, wall - 60 * 60_000]) {
    const candidate = wall - offsetAt(guess);
    const w = romeWallClock(new Date(candidate));
    if (Date.UTC(w.year, w.month - 1, w.day, 0, w.minutes) === wall) return new Date(candidate);
  }
  return null;
}

/**
 * The free slots of a listing: every VISIT_MINUTES start inside its windows (the visit ends by
 * the window's end), on the VISIT_SLOT_DAYS days from tomorrow in Rome, minus the confirmed
 * ones. Sorted, as instants.
 */
export function visitSlots(windows: VisitWindow[], confirmed: Iterable<Date>, now: Date): Date[] {
  const taken = new Set([...confirmed].map((d) => d.getTime()));
  const today = romeWallClock(now);
  const out: Date[] = [];
  for (let k = 1; k <= VISIT_SLOT_DAYS; k++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + k));
    const weekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
    for (const window of windows) {
      if (window.weekday !== weekday) continue;
      for (let start = window.startsMinute; start + VISIT_MINUTES <= window.endsMinute; start += VISIT_MINUTES) {
        const instant = romeInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), start);
        if (instant && instant > now && !taken.has(instant.getTime())) out.push(instant);
      }
    }
  }
  return out.sort((a, b) => a.getTime() - b.getTime());
}

/** The first and last instants VisitSlots may answer at `now` (for the query of confirmed slots). */
export function slotRange(now: Date): { from: Date; to: Date } {
  return { from: now, to: new Date(now.getTime() + (VISIT_SLOT_DAYS + 2) * 86_400_000) };
}
