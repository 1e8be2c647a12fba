import { precheck, UPLOAD_STATUS, type MediaItem, type MediaKind, type MediaLimits, type RefusalReason } from './media';

// The files of one uploader between the seller's choice and the server's answer. Each file
// is its own request (so each has its own progress bar), two at a time at most. The server
// stores each file after the listing's last media as its request ends, so a small second
// file can end before a large first one: `chosenOrder` puts them back in the order chosen.

export type TaskState = 'pending' | 'uploading' | 'processing' | 'refused';

export interface UploadTask {
  key: string;
  /** Where the file came in the seller's choice, across every choice of the page (increasing). */
  order: number;
  file: File;
  name: string;
  state: TaskState;
  /** Bytes sent, 0 to 1. */
  progress: number;
  /** The API's upload status (1 pending, 2 processing while under way). */
  status: number;
  reason: RefusalReason | null;
}

export const MAX_PARALLEL_UPLOADS = 2;

/** The API's status for a refusal the page made itself. */
function statusOf(reason: RefusalReason): number {
  if (reason === 'limit') return UPLOAD_STATUS.limitReached;
  if (reason === 'bytes') return UPLOAD_STATUS.tooLarge;
  if (reason === 'empty') return UPLOAD_STATUS.rejected;
  return UPLOAD_STATUS.invalidType;
}

let counter = 0;
const nextKey = () => `upload-${++counter}`;

/**
 * New tasks for the chosen files: those the page can refuse already (type, size, the
 * listing's limit) are refused at once, the others wait their turn.
 */
export function tasksFor(
  files: readonly File[],
  kind: MediaKind,
  limits: MediaLimits,
  stored: number,
  queued: number,
): UploadTask[] {
  const max = kind === 'photo' ? limits.MaxPhotos : limits.MaxDocuments;
  let room = Math.max(0, max - stored - queued);
  return files.map((file) => {
    let reason = precheck(file, kind, limits);
    if (reason === null) {
      if (room === 0) reason = 'limit';
      else room -= 1;
    }
    const key = nextKey();
    return {
      key,
      order: counter,
      file,
      name: file.name,
      state: reason ? 'refused' : 'pending',
      progress: 0,
      status: reason ? statusOf(reason) : UPLOAD_STATUS.pending,
      reason,
    } satisfies UploadTask;
  });
}

export const isActive = (task: UploadTask) =>
  task.state === 'pending' || task.state === 'uploading' || task.state === 'processing';

/**
 * The media ids in display order once the files uploaded together (`chosen`: a stored
 * media's id and its task's `order`) stand in the order the seller chose them, each in one
 * of the places the server gave them (what else the listing holds keeps its place); null when
 * they already do. `items` is the listing's media in display order.
 */
export function chosenOrder(
  items: readonly Pick<MediaItem, 'Id'>[],
  chosen: ReadonlyMap<number, number>,
): number[] | null {
  const ids = items.map((item) => item.Id);
  const slots = ids.flatMap((id, index) => (chosen.has(id) ? [index] : []));
  const wanted = ids.filter((id) => chosen.has(id)).sort((a, b) => chosen.get(a)! - chosen.get(b)!);
  if (wanted.every((id, at) => ids[slots[at]!] === id)) return null;
  const next = [...ids];
  slots.forEach((slot, at) => (next[slot] = wanted[at]!));
  return next;
}
