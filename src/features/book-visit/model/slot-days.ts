// The free slots as the dialog shows them: by day of Rome's calendar, in Italian
// ("lun 7 dic", "10:00"), whatever the visitor's own time zone.

const ZONE = 'Europe/Rome';

const dayLabel = new Intl.DateTimeFormat('it-IT', { weekday: 'short', day: 'numeric', month: 'short', timeZone: ZONE });
const dayKey = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: ZONE });
const timeLabel = new Intl.DateTimeFormat('it-IT', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: ZONE,
});

export interface SlotDay {
  /** 2026-12-07 (Rome's date). */
  key: string;
  /** "lun 7 dic" */
  label: string;
  slots: { start: string; time: string }[];
}

/** The day of a slot: "lun 7 dic". */
export function formatSlotDay(start: string): string {
  return dayLabel.format(new Date(start));
}

/** The time of a slot: "10:00". */
export function formatSlotTime(start: string): string {
  return timeLabel.format(new Date(start));
}

/** "lun 7 dic, 10:00" */
export function formatSlot(start: string): string {
  return `${formatSlotDay(start)}, ${formatSlotTime(start)}`;
}

/** The slots (ascending ISO instants) grouped by Rome's day, days and times in order. */
export function groupSlotsByDay(slots: readonly string[]): SlotDay[] {
  const days = new Map<string, SlotDay>();
  for (const start of [...slots].sort((a, b) => Date.parse(a) - Date.parse(b))) {
    const date = new Date(start);
    const key = dayKey.format(date);
    let day = days.get(key);
    if (!day) {
      day = { key, label: dayLabel.format(date), slots: [] };
      days.set(key, day);
    }
    day.slots.push({ start, time: timeLabel.format(date) });
  }
  return [...days.values()];
}
