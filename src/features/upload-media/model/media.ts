import type { components } from '@/shared/api';

// The media of a listing as the owner manages them (server/modules/listing-media): the kinds
// the wizard uploads, what the page checks before sending a file, the words of each refusal,
// and the order of the photos.

export type MediaItem = components['schemas']['MediaInfoItem'];
export type MediaLimits = components['schemas']['MediaLimits'];
export type MediaUploadResponse = components['schemas']['MediaUploadResponse'];
export type MediaUploadResult = components['schemas']['MediaUploadResult'];

/** `media_types` ids (server/db/reference-ids.ts MEDIA_TYPE). */
export const MEDIA_TYPE = {
  propertyImage: 1,
  roomImage: 3,
  floorPlan: 4,
  energyCertificate: 5,
  other: 6,
  floorPlanImage: 8,
} as const;

/** What the wizard uploads: the photos (step 19) and the three kinds of document (step 18). */
export type MediaKind = 'photo' | 'floorPlan' | 'energyCertificate' | 'other';

export const UPLOAD_MEDIA_TYPE: Record<MediaKind, number> = {
  photo: MEDIA_TYPE.propertyImage,
  floorPlan: MEDIA_TYPE.floorPlan,
  energyCertificate: MEDIA_TYPE.energyCertificate,
  other: MEDIA_TYPE.other,
};

/** The media types shown under each kind (a floor plan may also be stored as a floor plan image). */
const KIND_MEDIA_TYPES: Record<MediaKind, readonly number[]> = {
  photo: [MEDIA_TYPE.propertyImage, MEDIA_TYPE.roomImage],
  floorPlan: [MEDIA_TYPE.floorPlan, MEDIA_TYPE.floorPlanImage],
  energyCertificate: [MEDIA_TYPE.energyCertificate],
  other: [MEDIA_TYPE.other],
};

export const isPhoto = (item: Pick<MediaItem, 'MediaType'>) => KIND_MEDIA_TYPES.photo.includes(item.MediaType);

export function itemsOfKind(items: readonly MediaItem[], kind: MediaKind): MediaItem[] {
  return items
    .filter((item) => KIND_MEDIA_TYPES[kind].includes(item.MediaType))
    .sort((a, b) => a.Position - b.Position);
}

/** The upload statuses of the API (MediaUploadResult.Status); 1 and 2 are the page's own, before the answer. */
export const UPLOAD_STATUS = {
  ok: 0,
  pending: 1,
  processing: 2,
  invalidType: 3,
  tooLarge: 4,
  tooSmall: 5,
  corrupted: 6,
  duplicate: 7,
  limitReached: 8,
  rejected: 9,
  storageError: 10,
  unexpectedError: 100,
} as const;

/**
 * Why a file was refused: the server's reasons, plus the page's own when no per-file answer
 * came: `network` (no answer), `session` (signed out), `rate` (too many uploads a minute),
 * `listing` (the listing is gone).
 */
export type RefusalReason = NonNullable<MediaUploadResult['Reason']> | 'network' | 'session' | 'rate' | 'listing';

/** Refusals worth another try as they are (the file itself was not the problem). */
export const RETRYABLE: readonly RefusalReason[] = ['network', 'rate', 'budget', 'storage', 'unexpected'];

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'jpe', 'jfif', 'png', 'webp', 'avif'];

/** The `accept` of a kind's file input. */
export function acceptOf(kind: MediaKind): string {
  const images = [...IMAGE_TYPES, ...IMAGE_EXTENSIONS.map((ext) => `.${ext}`)];
  return (kind === 'photo' ? images : [...images, 'application/pdf', '.pdf']).join(',');
}

const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,8})$/.exec(name.trim())?.[1]?.toLowerCase() ?? null;

/**
 * What the page can tell before sending a file: a kind it cannot be (by its type or its
 * name), too large. The server decides by the bytes (a renamed file, a decompression bomb, a
 * picture too small); this only spares the seller a wait for an answer known in advance.
 */
export function precheck(
  file: Pick<File, 'name' | 'size' | 'type'>,
  kind: MediaKind,
  limits: Pick<MediaLimits, 'MaxImageBytes' | 'MaxPdfBytes'>,
): RefusalReason | null {
  if (file.size === 0) return 'empty';
  const extension = extensionOf(file.name);
  const pdf = file.type === 'application/pdf' || extension === 'pdf';
  const image =
    IMAGE_TYPES.includes(file.type) || (file.type === '' && extension !== null && IMAGE_EXTENSIONS.includes(extension));
  if (pdf && kind === 'photo') return 'type';
  if (!pdf && !image) {
    // A phone's HEIC, a GIF, a Word file...: the server would refuse it too.
    if (file.type !== '' || extension !== null) return 'type';
  }
  if (pdf && file.size > limits.MaxPdfBytes) return 'bytes';
  if (!pdf && file.size > limits.MaxImageBytes) return 'bytes';
  return null;
}

/** The message key (namespace upload-media, `refusal.*`) of a refused file. */
export function refusalKey(reason: RefusalReason | null, status: number): string {
  if (reason) return `refusal.${reason}`;
  switch (status) {
    case UPLOAD_STATUS.invalidType:
      return 'refusal.type';
    case UPLOAD_STATUS.tooLarge:
      return 'refusal.bytes';
    case UPLOAD_STATUS.tooSmall:
      return 'refusal.dimensions';
    case UPLOAD_STATUS.corrupted:
      return 'refusal.unreadable';
    case UPLOAD_STATUS.duplicate:
      return 'refusal.duplicate';
    case UPLOAD_STATUS.limitReached:
      return 'refusal.limit';
    case UPLOAD_STATUS.rejected:
      return 'refusal.empty';
    case UPLOAD_STATUS.storageError:
      return 'refusal.storage';
    default:
      return 'refusal.unexpected';
  }
}

/** The list with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** A media URL at one size and format: a template filled in, a plain URL unchanged. */
export function mediaUrl(url: string, dim: string, ext: string): string {
  return url.replaceAll('{dim}', dim).replaceAll('{ext}', ext);
}

/** The sources of an item's thumbnail: PING in each format the server made, best first, and the JPEG fallback. */
export function thumbnailOf(item: MediaItem): { sources: { srcSet: string; type: string }[]; src: string } | null {
  if (!item.IsImage) return null;
  if (item.Dims.includes('PING')) {
    const types: Record<string, string> = { avif: 'image/avif', webp: 'image/webp' };
    return {
      sources: item.Exts.filter((ext) => ext in types).map((ext) => ({
        srcSet: mediaUrl(item.Url, 'PING', ext),
        type: types[ext]!,
      })),
      src: mediaUrl(item.Url, 'PING', 'jpg'),
    };
  }
  return { sources: [], src: item.ThumbnailUrl ?? item.Url };
}

/** The link that opens a file in full: a document as it is, an image at its largest size. */
export function fullUrlOf(item: MediaItem): string {
  return item.Dims.includes('FULL') ? mediaUrl(item.Url, 'FULL', 'jpg') : item.Url;
}

/** A file's size in Italian: "850 KB", "2,4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return formatMegabytes(bytes);
}

/** Megabytes in Italian ("15 MB", "1,5 MB"). */
export function formatMegabytes(bytes: number): string {
  return `${new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;
}
