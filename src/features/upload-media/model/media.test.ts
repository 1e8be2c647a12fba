import { describe, expect, it } from 'vitest';
import { itemsOfKind, moved, precheck, refusalKey, thumbnailOf, type MediaItem } from './media';
import { tasksFor } from './upload-queue';

const LIMITS = {
  MaxImageBytes: 15 * 1024 * 1024,
  MaxPdfBytes: 10 * 1024 * 1024,
  MaxImagePixels: 50_000_000,
  MinPhotoLongSide: 320,
  MinPhotoShortSide: 240,
  MaxFilesPerRequest: 10,
  MaxPhotos: 3,
  MaxDocuments: 20,
};
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('precheck', () => {
  it('takes the image formats the server accepts, by type or, without one, by name', () => {
    for (const f of [
      file('a.jpg', 'image/jpeg'),
      file('a.png', 'image/png'),
      file('a.webp', 'image/webp'),
      file('a.avif', 'image/avif'),
      file('scatto.JPG', ''),
    ]) {
      expect(precheck(f, 'photo', LIMITS)).toBeNull();
    }
  });

  it('refuses other kinds, a PDF among the photos, empty files and files past the limits', () => {
    expect(precheck(file('a.gif', 'image/gif'), 'photo', LIMITS)).toBe('type');
    expect(precheck(file('a.heic', 'image/heic'), 'photo', LIMITS)).toBe('type');
    expect(precheck(file('a.docx', ''), 'other', LIMITS)).toBe('type');
    expect(precheck(file('a.pdf', 'application/pdf'), 'photo', LIMITS)).toBe('type');
    expect(precheck(file('a.pdf', 'application/pdf'), 'floorPlan', LIMITS)).toBeNull();
    expect(precheck(file('a.jpg', 'image/jpeg', 0), 'photo', LIMITS)).toBe('empty');
    expect(precheck(file('a.jpg', 'image/jpeg', LIMITS.MaxImageBytes + 1), 'photo', LIMITS)).toBe('bytes');
    expect(precheck(file('a.pdf', 'application/pdf', LIMITS.MaxPdfBytes + 1), 'other', LIMITS)).toBe('bytes');
    expect(precheck(file('a.pdf', 'application/pdf', LIMITS.MaxPdfBytes), 'other', LIMITS)).toBeNull();
  });
});

describe('refusalKey', () => {
  it('words the server’s reason, or its status when no reason came', () => {
    expect(refusalKey('extension', 3)).toBe('refusal.extension');
    expect(refusalKey('pixels', 4)).toBe('refusal.pixels');
    expect(refusalKey(null, 5)).toBe('refusal.dimensions');
    expect(refusalKey(null, 7)).toBe('refusal.duplicate');
    expect(refusalKey(null, 8)).toBe('refusal.limit');
    expect(refusalKey(null, 100)).toBe('refusal.unexpected');
  });
});

describe('tasksFor', () => {
  it('queues what fits in the listing’s limit and refuses the rest at once', () => {
    const files = ['a.jpg', 'b.jpg', 'c.jpg'].map((name) => new File(['x'], name, { type: 'image/jpeg' }));
    const tasks = tasksFor(files, 'photo', LIMITS, 1, 1);
    expect(tasks.map((t) => [t.name, t.state, t.reason])).toEqual([
      ['a.jpg', 'pending', null],
      ['b.jpg', 'refused', 'limit'],
      ['c.jpg', 'refused', 'limit'],
    ]);
    expect(tasks[1]!.status).toBe(8);
  });
});

describe('the order and the thumbnails', () => {
  it('moves one item and keeps the others in order', () => {
    expect(moved(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
  });

  const item = (change: Partial<MediaItem>): MediaItem => ({
    Id: 1,
    MediaType: 1,
    Url: '/media/x-{dim}.{ext}',
    ThumbnailUrl: '/media/x-PING.jpg',
    Dims: ['PING', 'BIG', 'FULL'],
    Exts: ['avif', 'webp', 'jpg'],
    ContentType: 'image/jpeg',
    IsImage: true,
    IsCover: false,
    Position: 0,
    Width: 1,
    Height: 1,
    SizeBytes: 1,
    RoomTypeId: null,
    Caption: null,
    ...change,
  });

  it('fills the URL template at the card size, and leaves a plain URL as it is', () => {
    expect(thumbnailOf(item({}))).toEqual({
      sources: [
        { srcSet: '/media/x-PING.avif', type: 'image/avif' },
        { srcSet: '/media/x-PING.webp', type: 'image/webp' },
      ],
      src: '/media/x-PING.jpg',
    });
    expect(thumbnailOf(item({ Url: '/demo/a.jpg', ThumbnailUrl: null, Dims: [], Exts: [] }))).toEqual({
      sources: [],
      src: '/demo/a.jpg',
    });
    expect(thumbnailOf(item({ IsImage: false, ContentType: 'application/pdf' }))).toBeNull();
  });

  it('sorts each kind by position, room photos with the photos and floor plan images with the plans', () => {
    const items = [
      item({ Id: 1, MediaType: 3, Position: 2 }),
      item({ Id: 2, MediaType: 1, Position: 0 }),
      item({ Id: 3, MediaType: 8, Position: 1 }),
      item({ Id: 4, MediaType: 4, Position: 3 }),
    ];
    expect(itemsOfKind(items, 'photo').map((i) => i.Id)).toEqual([2, 1]);
    expect(itemsOfKind(items, 'floorPlan').map((i) => i.Id)).toEqual([3, 4]);
  });
});

describe('formatFileSize', () => {
  it('says kilobytes under a megabyte, megabytes with an Italian comma above', async () => {
    const { formatFileSize } = await import('./media');
    expect(formatFileSize(850 * 1024)).toBe('850 KB');
    expect(formatFileSize(100)).toBe('1 KB');
    expect(formatFileSize(2.4 * 1024 * 1024)).toBe('2,4 MB');
  });
});
