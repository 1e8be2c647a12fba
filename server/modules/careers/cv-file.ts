/** Largest CV accepted: 5 MB. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;

export const CV_TYPES = {
  'application/pdf': { extension: 'pdf', magic: [0x25, 0x50, 0x44, 0x46] }, // %PDF
  'application/msword': { extension: 'doc', magic: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] }, // OLE2 compound file
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    extension: 'docx',
    magic: [0x50, 0x4b, 0x03, 0x04],
  }, // PK zip
} as const;

export type CvContentType = keyof typeof CV_TYPES;

export const CV_ACCEPTED_TYPES = Object.keys(CV_TYPES) as CvContentType[];

/** The CV type the bytes are, by their first bytes; null when none. */
export function sniffCvType(data: Buffer): CvContentType | null {
  for (const type of CV_ACCEPTED_TYPES) {
    const { magic } = CV_TYPES[type];
    if (data.length >= magic.length && magic.every((byte, i) => data[i] === byte)) return type;
  }
  return null;
}

/**
 * Accepts a file only when the type the browser declared is a CV type and the bytes are
 * that same type: a renamed executable or an image called cv.pdf is refused either way.
 */
export function acceptedCvType(declared: string, data: Buffer): CvContentType | null {
  const type = declared.split(';')[0].trim().toLowerCase();
  if (!(type in CV_TYPES)) return null;
  return sniffCvType(data) === type ? (type as CvContentType) : null;
}

/** A file name safe to store and show back: no path, no control characters, at most 255 characters. */
export function cleanFileName(name: string | undefined, extension: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return cleaned === '' ? `cv.${extension}` : cleaned;
}
