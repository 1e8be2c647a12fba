// The weekly visit windows as the owner edits them, checked as the server checks them
// (server/modules/appointments/slots.ts, checkWindows): on the half hour, From before To
// ("24:00" ends at midnight), at most MAX_WINDOWS, none overlapping another of its weekday
// (touching is fine: 09:00-12:00 and 12:00-14:00).

export const MAX_WINDOWS = 14;
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface EditedWindow {
  Weekday: number;
  From: string;
  To: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** Every start on the half hour: 00:00 ... 23:30. */
export const START_TIMES: readonly string[] = Array.from({ length: 48 }, (_, i) => hhmm(i * 30));
/** Every end on the half hour: 00:30 ... 24:00. */
export const END_TIMES: readonly string[] = Array.from({ length: 48 }, (_, i) => hhmm((i + 1) * 30));

export function minutesOf(value: string): number {
  const [hours, minutes] = value.split(':').map(Number);
  return hours * 60 + minutes;
}

export type WindowsProblem =
  | { kind: 'tooMany' }
  | { kind: 'order'; weekday: number; from: string; to: string }
  | { kind: 'overlap'; weekday: number; first: EditedWindow; second: EditedWindow };

/** The first problem of the windows, or null when the server will take them. */
export function windowsProblem(windows: readonly EditedWindow[]): WindowsProblem | null {
  if (windows.length > MAX_WINDOWS) return { kind: 'tooMany' };
  const bad = windows.find((window) => minutesOf(window.From) >= minutesOf(window.To));
  if (bad) return { kind: 'order', weekday: bad.Weekday, from: bad.From, to: bad.To };
  const sorted = sortWindows(windows);
  for (let i = 1; i < sorted.length; i++) {
    const [first, second] = [sorted[i - 1], sorted[i]];
    if (first.Weekday === second.Weekday && minutesOf(second.From) < minutesOf(first.To))
      return { kind: 'overlap', weekday: second.Weekday, first, second };
  }
  return null;
}

export function sortWindows<T extends EditedWindow>(windows: readonly T[]): T[] {
  return [...windows].sort((a, b) => a.Weekday - b.Weekday || minutesOf(a.From) - minutesOf(b.From));
}

/** A new window for a day: after the day's last one when there is room, else the morning. */
export function nextWindowFor(weekday: number, windows: readonly EditedWindow[]): EditedWindow {
  const ends = windows.filter((window) => window.Weekday === weekday).map((window) => minutesOf(window.To));
  const start = ends.length > 0 ? Math.max(...ends) : 9 * 60;
  if (start + 60 <= 24 * 60)
    return { Weekday: weekday, From: hhmm(start), To: hhmm(Math.min(start + 3 * 60, 24 * 60)) };
  return { Weekday: weekday, From: '09:00', To: '12:00' };
}

/** Same windows, whatever their order. */
export function sameWindows(a: readonly EditedWindow[], b: readonly EditedWindow[]): boolean {
  const key = (windows: readonly EditedWindow[]) =>
    JSON.stringify(sortWindows(windows).map((w) => [w.Weekday, w.From, w.To]));
  return key(a) === key(b);
}
