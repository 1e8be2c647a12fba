import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { UPLOAD_STATUS } from '../../db/reference-ids';
import type { ImageWorkOwner, ImageWorkPass, ImageWorkQueue, PixelCharge } from '../../lib/image-work';
import {
  LISTING_IMAGE_DIMS,
  LISTING_IMAGE_EXTS,
  LISTING_IMAGE_FORMATS,
  LISTING_IMAGE_SIZES,
  type ListingImageDim,
  type ListingImageExt,
} from '../shared/media-url';

/**
 * What an uploaded file of a listing is, decided by its bytes alone (never by its name or
 * the Content-Type the browser sent), and its renditions.
 */

/** A photo or an image document: JPEG, PNG, WebP or AVIF up to 15 MB. */
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** A PDF document up to 10 MB. */
export const PDF_MAX_BYTES = 10 * 1024 * 1024;
/**
 * The most pixels an image may declare (50 megapixels: any phone's photo fits). Checked on
 * the header before a pixel is decoded, and again by sharp (`limitInputPixels`) while decoding,
 * so a small file declaring 30000 × 30000 pixels (a decompression bomb) costs nothing.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** A listing photo smaller than this (either way round) is too small to show in the gallery. */
export const PHOTO_MIN_SIDES = { long: 320, short: 240 } as const;

export type SniffedKind = 'jpeg' | 'png' | 'webp' | 'heif' | 'pdf';

/** The format the first bytes announce (magic numbers), or null for anything else (text, SVG, executables, archives...). */
export function sniff(data: Buffer): SniffedKind | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (data.length >= 12 && data.toString('latin1', 4, 8) === 'ftyp' && HEIF_BRANDS.has(data.toString('latin1', 8, 12)))
    return 'heif';
  if (data.length >= 5 && data.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  return null;
}

const HEIF_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** File name extensions and the family of content they promise; a name with another extension, or none, promises nothing. */
const EXTENSION_FAMILY: Record<string, 'image' | 'pdf' | 'other'> = {
  jpg: 'image',
  jpeg: 'image',
  jpe: 'image',
  jfif: 'image',
  png: 'image',
  webp: 'image',
  avif: 'image',
  heic: 'image',
  heif: 'image',
  pdf: 'pdf',
};

/**
 * Whether the name's extension contradicts the content: a `.jpg` that is a PDF, a `.pdf` that
 * is a picture, a `.png` of text. A name without an extension (a camera capture) passes, and
 * so does any image extension on any image format (phones save JPEGs as .png and back).
 */
export function extensionContradicts(fileName: string, kind: SniffedKind): boolean {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(fileName.trim());
  if (!match) return false;
  const family = EXTENSION_FAMILY[match[1].toLowerCase()] ?? 'other';
  return family !== (kind === 'pdf' ? 'pdf' : 'image');
}

/** The first 16 hex digits of the file's SHA-256: the same bytes twice on one listing are a duplicate. */
export function contentHash(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 16);
}

export type UploadStatus = (typeof UPLOAD_STATUS)[keyof typeof UPLOAD_STATUS];

/** Why a file was refused, finer than its status: the UI words its message from it. */
export type RefusalReason =
  | 'type'
  | 'extension'
  | 'bytes'
  | 'pixels'
  | 'dimensions'
  | 'unreadable'
  | 'empty'
  | 'duplicate'
  | 'limit'
  | 'budget'
  | 'storage'
  | 'unexpected';

export interface Refusal {
  status: UploadStatus;
  reason: RefusalReason;
  /** Reason `budget`: seconds until the uploader's pixel budget (or the line of image work) has room again. */
  retryAfterSeconds?: number;
  /** Reason `budget`, refused because the server's line of image work was full (not the account's doing): 503 ImageWorkBusy for a whole request. */
  lineFull?: boolean;
}

export const refuse = (status: UploadStatus, reason: RefusalReason): Refusal => ({ status, reason });

/** How an image gets decoded: in the process's line of image work, once the uploader's budget took its pixels. */
export interface ImageAdmission {
  work: ImageWorkQueue;
  /** The uploader's account and client address: their shares of the line. */
  owner: ImageWorkOwner;
  /** Seconds until the uploader's budget has room, when it is already spent, else null (server/lib/image-work.ts pixelBudgetSpent). */
  spent: () => Promise<number | null>;
  /** Takes the image's declared pixels from the uploader's budget (server/lib/image-work.ts chargePixels). */
  charge: (pixels: number) => Promise<PixelCharge>;
}

/** An image turned into its renditions: every size of LISTING_IMAGE_SIZES in every format. */
export interface ImageRenditions {
  kind: 'image';
  /** The renditions by size and format. */
  files: {
    dim: ListingImageDim;
    ext: ListingImageExt;
    contentType: string;
    data: Buffer;
    width: number;
    height: number;
  }[];
}

export interface PdfDocument {
  kind: 'pdf';
  data: Buffer;
}

const ENCODERS: Record<ListingImageExt, (image: Sharp) => Sharp> = {
  // AVIF at a low effort: about a third of the JPEG's bytes, and the slowest of the three.
  avif: (image) => image.avif({ quality: 52, effort: 2 }),
  webp: (image) => image.webp({ quality: 78, effort: 4 }),
  jpg: (image) => image.jpeg({ quality: 80, progressive: true, mozjpeg: true }),
};

/**
 * Reads an image the sniffer accepted: checks its header (format, pixels, size), takes its
 * pixels from the uploader's budget, decodes it once (turned upright by its EXIF orientation,
 * flattened on white) to the largest size, and encodes every size in every format. The
 * renditions carry no metadata at all: EXIF (GPS position, camera, date), XMP and IPTC are
 * dropped, colours converted to sRGB. Every sharp call runs in the line of image work: the
 * image takes its place first (refused at once, Reason `budget`, when the uploader's budget is
 * already spent, or its account's or address's share or the whole line is full), then the
 * header read as a job of its own, then the decode and the nine encodes one after another in
 * one slot (an image over the budget is refused between the two, nothing of it decoded). The
 * place is held from the header read to the last encode and given back however it ends.
 */
export async function renderImage(
  data: Buffer,
  kind: Exclude<SniffedKind, 'pdf'>,
  options: { minSides?: typeof PHOTO_MIN_SIDES } & ImageAdmission,
): Promise<ImageRenditions | Refusal> {
  // A spent budget refuses the image before it waits in the line for its header.
  const wait = await options.spent();
  if (wait !== null) return { ...refuse(UPLOAD_STATUS.rejected, 'budget'), retryAfterSeconds: wait };
  const entry = options.work.enter(options.owner);
  if (!entry.admitted)
    return {
      ...refuse(UPLOAD_STATUS.rejected, 'budget'),
      retryAfterSeconds: entry.retryAfterSeconds,
      lineFull: entry.refusal === 'line',
    };
  try {
    return await renderAdmitted(data, kind, options, entry.pass);
  } finally {
    entry.pass.release();
  }
}

async function renderAdmitted(
  data: Buffer,
  kind: Exclude<SniffedKind, 'pdf'>,
  options: { minSides?: typeof PHOTO_MIN_SIDES } & ImageAdmission,
  pass: ImageWorkPass,
): Promise<ImageRenditions | Refusal> {
  let header: Metadata;
  try {
    // The header only: no pixel is decoded here (so no pixel limit yet: the declared size is checked below).
    header = await pass.run(() => sharp(data, { limitInputPixels: false }).metadata());
  } catch {
    return refuse(UPLOAD_STATUS.corrupted, 'unreadable');
  }
  const format = header.format as string;
  const sameFormat = format === kind || (kind === 'heif' && format === 'heif');
  if (!sameFormat) return refuse(UPLOAD_STATUS.invalid_type, 'type');
  // HEIF with HEVC (iPhone HEIC) cannot be decoded by this build of sharp; AVIF (AV1) can.
  if (format === 'heif' && header.compression !== 'av1') return refuse(UPLOAD_STATUS.invalid_type, 'type');
  const width = header.width ?? 0;
  const height = header.height ?? 0;
  if (width <= 0 || height <= 0) return refuse(UPLOAD_STATUS.corrupted, 'unreadable');
  if (width * height > IMAGE_MAX_PIXELS) return refuse(UPLOAD_STATUS.too_large, 'pixels');
  if (
    options.minSides &&
    (Math.max(width, height) < options.minSides.long || Math.min(width, height) < options.minSides.short)
  ) {
    return refuse(UPLOAD_STATUS.too_small, 'dimensions');
  }
  const charge = await options.charge(width * height);
  if (!charge.admitted)
    return { ...refuse(UPLOAD_STATUS.rejected, 'budget'), retryAfterSeconds: charge.retryAfterSeconds };

  return pass.run(async () => {
    let base: { data: Buffer; info: OutputInfo };
    try {
      const largest = LISTING_IMAGE_SIZES.FULL;
      base = await sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', autoOrient: true })
        .flatten({ background: '#ffffff' })
        .resize(largest.width, largest.height, { fit: largest.fit, withoutEnlargement: true })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message))
        return refuse(UPLOAD_STATUS.too_large, 'pixels');
      return refuse(UPLOAD_STATUS.corrupted, 'unreadable');
    }
    const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
    const files: ImageRenditions['files'] = [];
    // One encode at a time: the slot stands for one sharp call running.
    for (const dim of LISTING_IMAGE_DIMS) {
      for (const ext of LISTING_IMAGE_EXTS) {
        const size = LISTING_IMAGE_SIZES[dim];
        const pipeline = sharp(base.data, { raw }).resize(size.width, size.height, {
          fit: size.fit,
          withoutEnlargement: true,
        });
        const out = await ENCODERS[ext](pipeline).toBuffer({ resolveWithObject: true });
        files.push({
          dim,
          ext,
          contentType: LISTING_IMAGE_FORMATS[ext],
          data: out.data,
          width: out.info.width,
          height: out.info.height,
        });
      }
    }
    return { kind: 'image' as const, files };
  });
}

/** A PDF the sniffer accepted: complete (it ends with %%EOF) and within its size. */
export function checkPdf(data: Buffer): PdfDocument | Refusal {
  if (data.length > PDF_MAX_BYTES) return refuse(UPLOAD_STATUS.too_large, 'bytes');
  const tail = data.toString('latin1', Math.max(0, data.length - 1024));
  if (!tail.includes('%%EOF')) return refuse(UPLOAD_STATUS.corrupted, 'unreadable');
  return { kind: 'pdf', data };
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && 'reason' in value && 'status' in value;
}
