import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { MEDIA_TYPE, PROPERTY_STATUS, UPLOAD_STATUS } from '../../server/db/reference-ids';
import { media, properties, propertyAmenities, propertyRooms } from '../../server/db/schema';
import {
  blankPng,
  expectError,
  multipart,
  pdfBytes,
  type MultipartFile,
  describeOnBackends,
  signedInUser,
} from './helpers';

const DIMS = ['PING', 'BIG', 'FULL'] as const;
const EXTS = { avif: 'heif', webp: 'webp', jpg: 'jpeg' } as const;

interface Upload {
  Outcome: 'ok' | 'partial' | 'ko';
  Uploaded: number;
  Refused: number;
  Files: {
    Index: number;
    FileName: string;
    Status: number;
    StatusCode: string;
    Reason: string | null;
    Media: MediaInfo | null;
  }[];
  MediaInfo: MediaInfo[];
}
interface MediaInfo {
  Id: number;
  MediaType: number;
  Url: string;
  ThumbnailUrl: string | null;
  Dims: string[];
  Exts: string[];
  ContentType: string;
  IsImage: boolean;
  IsCover: boolean;
  Position: number;
  Width: number | null;
  Height: number | null;
}

/** A photo-like JPEG: a gradient with a shape, so every encoder has something to do. */
async function photo(width: number, height: number, colour = '#3a7bd5'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#f8c471"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#1e8449"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const file = (filename: string, data: Buffer, contentType = 'image/jpeg'): MultipartFile => ({
  field: 'Files',
  filename,
  contentType,
  data,
});

/** The EXIF GPS IFD pointer (tag 0x8825) of a little-endian EXIF block. */
const hasGpsPointer = (exif: Buffer | undefined) => exif !== undefined && exif.includes(Buffer.from([0x25, 0x88]));

describeOnBackends(
  'Listing media and GetMyPropertyById',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const { backend } = suite;

    let address = 0;
    let owners = 0;

    /** A confirmed user with a bearer, and a draft listing of theirs. */
    async function newOwner(label: string) {
      // Each owner from an address of its own: the registration limit per address is not under test.
      owners += 1;
      const remoteAddress = `203.0.113.${owners}`;
      const { id, bearer } = await signedInUser(suite.app, suite.db, {
        email: `${label}.media.${backend.name}@example.com`,
        name: 'Lia',
        surname: 'Neri',
        remoteAddress,
      });
      const headers = { authorization: `Bearer ${bearer}` };
      const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
        suite.app.inject({ method, url, payload: payload as never, headers });
      const upload = (listingId: number, fields: Record<string, string>, files: MultipartFile[]) => {
        const body = multipart(fields, files);
        address += 1;
        return suite.app.inject({
          method: 'POST',
          url: `/api/Property/${listingId}/Media`,
          payload: body.payload,
          headers: { ...body.headers, ...headers },
          remoteAddress: `198.51.100.${address % 250}`,
        });
      };
      const [draft] = await suite.db
        .insert(properties)
        .values({
          ownerUserId: id,
          statusId: PROPERTY_STATUS.incomplete,
          sellTypeId: 1,
          propertyTypeId: 1,
          street: 'Via Solferino',
          streetNumber: '12',
          surfaceM2: 85,
          rooms: 3,
          wizardPage: { currentStep: 19, lastDevice: 'mobile' },
          wizardHistory: [2, 3, 4, 5, 6, 7, 8, 9, 36, 10, 23, 24, 11, 12, 15, 16, 17, 19],
        })
        .returning();
      return { id, headers, call, upload, listingId: draft.id };
    }

    const storedFiles = async (listingId: number) => {
      try {
        return (await readdir(path.join(suite.testDb.storage.rootDir, 'media', 'listings', String(listingId)))).filter(
          (name) => !name.endsWith('.meta.json'),
        );
      } catch {
        return [];
      }
    };
    const fill = (url: string, dim: string, ext: string) => url.replace('{dim}', dim).replace('{ext}', ext);

    it('stores a photo in 3 sizes × AVIF, WebP and JPEG under a {dim}/{ext} template, upright and without its EXIF (GPS included)', async () => {
      const owner = await newOwner('varianti');
      // A camera photo held sideways: 1600 × 1200 stored, EXIF orientation 6 (turn 90°), with a GPS position.
      const original = await sharp(await photo(1600, 1200))
        .withMetadata({ orientation: 6 })
        .withExifMerge({
          IFD0: { Make: 'RexerCam', Model: 'Test' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '45/1 28/1 0/1',
            GPSLongitudeRef: 'E',
            GPSLongitude: '9/1 11/1 0/1',
          },
        })
        .jpeg()
        .toBuffer();
      const before = await sharp(original).metadata();
      expect(before.orientation).toBe(6);
      expect(hasGpsPointer(before.exif)).toBe(true);

      const res = await owner.upload(owner.listingId, { MediaType: String(MEDIA_TYPE.property_image) }, [
        file('IMG_0001.JPG', original),
      ]);
      expect(res.statusCode).toBe(200);
      const body = res.json() as Upload;
      expect(body).toMatchObject({ Outcome: 'ok', Uploaded: 1, Refused: 0 });
      expect(body.Files[0]).toMatchObject({
        Index: 0,
        FileName: 'IMG_0001.JPG',
        Status: UPLOAD_STATUS.ok,
        StatusCode: 'ok',
        Reason: null,
      });
      const item = body.Files[0].Media!;
      expect(item.Url).toMatch(
        new RegExp(`^/media/media/listings/${owner.listingId}/[0-9a-f]{32}-\\{dim\\}\\.\\{ext\\}$`),
      );
      expect(item).toMatchObject({
        MediaType: MEDIA_TYPE.property_image,
        IsImage: true,
        IsCover: true,
        Position: 0,
        ContentType: 'image/jpeg',
        Dims: ['PING', 'BIG', 'FULL'],
        Exts: ['avif', 'webp', 'jpg'],
      });
      expect(item.ThumbnailUrl).toBe(fill(item.Url, 'PING', 'jpg'));
      expect(body.MediaInfo).toEqual([item]);

      // Upright: 1200 × 1600 after the turn. PING covers 400 × 300, BIG 1200 × 900, FULL fits 2048 (never enlarged).
      const expected = { PING: [400, 533], BIG: [1200, 1600], FULL: [1200, 1600] } as const;
      expect([item.Width, item.Height]).toEqual(expected.BIG);
      for (const dim of DIMS) {
        for (const [ext, format] of Object.entries(EXTS)) {
          const served = await suite.app.inject({ url: fill(item.Url, dim, ext) });
          expect(served.statusCode, `${dim}.${ext}`).toBe(200);
          expect(served.headers['content-type']).toBe(ext === 'jpg' ? 'image/jpeg' : `image/${ext}`);
          const meta = await sharp(served.rawPayload).metadata();
          expect(meta.format, `${dim}.${ext}`).toBe(format);
          expect([meta.width, meta.height], `${dim}.${ext}`).toEqual(expected[dim]);
          // No EXIF at all: no GPS position, no camera, no orientation left to apply twice.
          expect(meta.exif, `${dim}.${ext}`).toBeUndefined();
          expect(meta.orientation).toBeUndefined();
        }
      }
      expect(await storedFiles(owner.listingId)).toHaveLength(9);
      // The template itself, as a browser would request it, answers the gallery's JPEG.
      const raw = await suite.app.inject({ url: item.Url.replace('{dim}', '%7Bdim%7D').replace('{ext}', '%7Bext%7D') });
      expect(raw.statusCode).toBe(200);
      expect([(await sharp(raw.rawPayload).metadata()).width, raw.headers['content-type']]).toEqual([
        1200,
        'image/jpeg',
      ]);
    });

    it('decides the type by the bytes: a PDF or an EXE named .jpg, a text named .png, an SVG are refused; PNG, WebP and AVIF pass', async () => {
      const owner = await newOwner('tipi');
      const jpeg = await photo(800, 600);
      const res = await owner.upload(owner.listingId, { MediaType: String(MEDIA_TYPE.property_image) }, [
        file('casa.jpg', pdfBytes(2048)),
        file('setup.jpg', Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(4096)]), 'image/jpeg'),
        file('foto.png', Buffer.from('Questa non è una foto, è un testo.'), 'image/png'),
        file(
          'disegno.png',
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="900" height="600"/></svg>',
          ),
          'image/png',
        ),
        file('soggiorno.png', await sharp(jpeg).png().toBuffer(), 'image/png'),
        file('cucina.webp', await sharp(jpeg).webp().toBuffer(), 'image/webp'),
        file('bagno.avif', await sharp(jpeg).avif().toBuffer(), 'image/avif'),
        file('camera', await sharp(jpeg).rotate(180).jpeg().toBuffer(), 'application/octet-stream'),
        file('finto.pdf', jpeg, 'application/pdf'),
      ]);
      expect(res.statusCode).toBe(200);
      const body = res.json() as Upload;
      expect(body.Files.map((f) => [f.FileName, f.StatusCode, f.Reason])).toEqual([
        ['casa.jpg', 'invalid_type', 'extension'],
        ['setup.jpg', 'invalid_type', 'type'],
        ['foto.png', 'invalid_type', 'type'],
        ['disegno.png', 'invalid_type', 'type'],
        ['soggiorno.png', 'ok', null],
        ['cucina.webp', 'ok', null],
        ['bagno.avif', 'ok', null],
        ['camera', 'ok', null],
        // An image named .pdf: the name promises a document.
        ['finto.pdf', 'invalid_type', 'extension'],
      ]);
      expect(body).toMatchObject({ Outcome: 'partial', Uploaded: 4, Refused: 5 });
      expect(body.MediaInfo.map((m) => m.IsCover)).toEqual([true, false, false, false]);
      // A PDF is a document: refused as a photo even when its name says .pdf.
      const asPhoto = (
        await owner.upload(owner.listingId, { MediaType: String(MEDIA_TYPE.room_image) }, [
          file('planimetria.pdf', pdfBytes(2048), 'application/pdf'),
        ])
      ).json() as Upload;
      expect(asPhoto.Files[0]).toMatchObject({ StatusCode: 'invalid_type', Reason: 'type' });
      expect(asPhoto.Outcome).toBe('ko');
    });

    it('takes documents: a floor plan PDF, an energy certificate image; a PDF named .jpg is still refused', async () => {
      const owner = await newOwner('documenti');
      const plan = await owner.upload(owner.listingId, { MediaType: String(MEDIA_TYPE.floor_plan) }, [
        file('planimetria.pdf', pdfBytes(4096), 'application/pdf'),
        file('planimetria.jpg', pdfBytes(3000)),
      ]);
      expect((plan.json() as Upload).Files.map((f) => f.StatusCode)).toEqual(['ok', 'invalid_type']);
      const pdf = (plan.json() as Upload).Files[0].Media!;
      expect(pdf).toMatchObject({
        MediaType: MEDIA_TYPE.floor_plan,
        IsImage: false,
        IsCover: false,
        ContentType: 'application/pdf',
        ThumbnailUrl: null,
        Dims: [],
        Exts: [],
      });
      expect(pdf.Url).toMatch(new RegExp(`^/media/media/listings/${owner.listingId}/[0-9a-f]{32}\\.pdf$`));
      const served = await suite.app.inject({ url: pdf.Url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['content-disposition']).toBe('attachment');
      expect(served.rawPayload.equals(pdfBytes(4096))).toBe(true);

      const certificate = await owner.upload(owner.listingId, { MediaType: String(MEDIA_TYPE.energy_certificate) }, [
        file(
          'ape.png',
          await sharp(await photo(300, 200))
            .png()
            .toBuffer(),
          'image/png',
        ),
      ]);
      // Small pictures are fine for documents (only gallery photos have a minimum).
      expect((certificate.json() as Upload).Files[0]).toMatchObject({
        StatusCode: 'ok',
        Media: { IsImage: true, MediaType: MEDIA_TYPE.energy_certificate },
      });
      // A truncated PDF (no %%EOF) is damaged.
      const broken = await owner.upload(owner.listingId, { MediaType: String(MEDIA_TYPE.other) }, [
        file('rogito.pdf', pdfBytes(4096).subarray(0, 3000), 'application/pdf'),
      ]);
      expect((broken.json() as Upload).Files[0]).toMatchObject({
        StatusCode: 'corrupted',
        Status: UPLOAD_STATUS.corrupted,
      });
    });

    it('refuses files too large (bytes), too small, damaged, empty and repeated, each with its own status, and keeps the others', async () => {
      const owner = await newOwner('limiti');
      const good = await photo(1024, 768, '#c0392b');
      const huge = Buffer.concat([good, Buffer.alloc(15 * 1024 * 1024 + 1 - good.length)]);
      const res = await owner.upload(owner.listingId, { MediaType: String(MEDIA_TYPE.property_image) }, [
        file('enorme.jpg', huge),
        file('buona.jpg', good),
        file('minuscola.jpg', await photo(200, 150)),
        file('rotta.jpg', good.subarray(0, 600)),
        file('vuota.jpg', Buffer.alloc(0)),
        file('copia.jpg', good),
        file('pdf-enorme.pdf', pdfBytes(10 * 1024 * 1024 + 1), 'application/pdf'),
      ]);
      expect(res.statusCode).toBe(200);
      const body = res.json() as Upload;
      expect(body.Files.map((f) => [f.FileName, f.Status, f.Reason])).toEqual([
        ['enorme.jpg', UPLOAD_STATUS.too_large, 'bytes'],
        ['buona.jpg', UPLOAD_STATUS.ok, null],
        ['minuscola.jpg', UPLOAD_STATUS.too_small, 'dimensions'],
        ['rotta.jpg', UPLOAD_STATUS.corrupted, 'unreadable'],
        ['vuota.jpg', UPLOAD_STATUS.rejected, 'empty'],
        ['copia.jpg', UPLOAD_STATUS.duplicate, 'duplicate'],
        // A PDF is no photo, whatever its size.
        ['pdf-enorme.pdf', UPLOAD_STATUS.invalid_type, 'type'],
      ]);
      expect(body.Outcome).toBe('partial');
      // The same photo in a later upload is a duplicate too.
      expect(
        ((await owner.upload(owner.listingId, { MediaType: '1' }, [file('ancora.jpg', good)])).json() as Upload)
          .Files[0].StatusCode,
      ).toBe('duplicate');
      // Documents: a PDF over 10 MB.
      const bigPdf = await owner.upload(owner.listingId, { MediaType: String(MEDIA_TYPE.floor_plan) }, [
        file('pdf-enorme.pdf', pdfBytes(10 * 1024 * 1024 + 1), 'application/pdf'),
      ]);
      expect((bigPdf.json() as Upload).Files[0]).toMatchObject({ StatusCode: 'too_large', Reason: 'bytes' });
      expect(await storedFiles(owner.listingId)).toHaveLength(9);
    });

    it('refuses a decompression bomb (a tiny PNG declaring 30000 × 30000 pixels) from its header, fast, and keeps answering', async () => {
      const owner = await newOwner('bomba');
      const bomb = blankPng(30_000, 30_000);
      expect(bomb.length).toBeLessThan(256 * 1024);
      expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
        format: 'png',
        width: 30_000,
        height: 30_000,
      });
      const started = performance.now();
      const [res, health] = await Promise.all([
        owner.upload(owner.listingId, { MediaType: String(MEDIA_TYPE.property_image) }, [
          file('bomba.png', bomb, 'image/png'),
          file('vera.jpg', await photo(900, 600)),
        ]),
        suite.app.inject({ url: '/healthcheck' }),
      ]);
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(health.statusCode).toBe(200);
      expect((res.json() as Upload).Files.map((f) => [f.StatusCode, f.Reason])).toEqual([
        ['too_large', 'pixels'],
        ['ok', null],
      ]);
      // Just over 50 megapixels, as a floor plan image: refused the same way.
      const wide = await owner.upload(owner.listingId, { MediaType: String(MEDIA_TYPE.floor_plan_image) }, [
        file('lunga.png', blankPng(10_000, 5_001), 'image/png'),
      ]);
      expect((wide.json() as Upload).Files[0]).toMatchObject({ StatusCode: 'too_large', Reason: 'pixels' });
    });

    it('refuses the listing’s 41st photo with limit_reached and more than 10 files in one request whole', async () => {
      const owner = await newOwner('quaranta');
      await suite.db.insert(media).values(
        Array.from({ length: 39 }, (_, i) => ({
          propertyId: owner.listingId,
          mediaTypeId: MEDIA_TYPE.property_image,
          storageKey: `media/seed/finta-${i}.jpg`,
          url: `/media/media/seed/finta-${i}.jpg`,
          contentType: 'image/jpeg',
          position: i,
        })),
      );
      const res = await owner.upload(owner.listingId, { MediaType: String(MEDIA_TYPE.room_image), RoomTypeId: '1' }, [
        file('cucina.jpg', await photo(800, 600, '#117a65')),
        file('bagno.jpg', await photo(800, 600, '#6c3483')),
      ]);
      const body = res.json() as Upload;
      expect(body.Files.map((f) => f.StatusCode)).toEqual(['ok', 'limit_reached']);
      expect(body.Files[0].Media).toMatchObject({ MediaType: MEDIA_TYPE.room_image, Position: 39 });
      expect(body.MediaInfo).toHaveLength(40);
      // Documents count apart.
      expect(
        (
          (
            await owner.upload(owner.listingId, { MediaType: '4' }, [
              file('plan.pdf', pdfBytes(900), 'application/pdf'),
            ])
          ).json() as Upload
        ).Outcome,
      ).toBe('ok');

      // Two uploads at once for the last place of another listing: the listing's row is locked for the count, one gets it.
      const race = await newOwner('gara');
      await suite.db.insert(media).values(
        Array.from({ length: 39 }, (_, i) => ({
          propertyId: race.listingId,
          mediaTypeId: MEDIA_TYPE.property_image,
          storageKey: `media/seed/finta-${i}.jpg`,
          url: `/media/media/seed/finta-${i}.jpg`,
          contentType: 'image/jpeg',
          position: i,
        })),
      );
      const both = await Promise.all([
        race.upload(race.listingId, { MediaType: '1' }, [file('x.jpg', await photo(800, 600, '#2e86c1'))]),
        race.upload(race.listingId, { MediaType: '1' }, [file('y.jpg', await photo(800, 600, '#cb4335'))]),
      ]);
      expect(both.map((r) => (r.json() as Upload).Files[0].StatusCode).sort()).toEqual(['limit_reached', 'ok']);
      expect(
        await suite.db.select({ id: media.id }).from(media).where(eq(media.propertyId, race.listingId)),
      ).toHaveLength(40);
      expect(await storedFiles(race.listingId)).toHaveLength(9);

      const other = await newOwner('undici');
      const files = [
        file('a.jpg', await photo(640, 480)),
        ...Array.from({ length: 10 }, (_, i) => file(`nota-${i}.png`, Buffer.from(`testo ${i}`), 'image/png')),
      ];
      expectError(await other.upload(other.listingId, { MediaType: '1' }, files), 'TooManyFiles');
      expect(await suite.db.select().from(media).where(eq(media.propertyId, other.listingId))).toEqual([]);
      expect(await storedFiles(other.listingId)).toEqual([]);
    });

    it('refuses malformed requests whole: no MediaType, MediaType after the files, a profile image type, an unknown field, no file, not multipart', async () => {
      const owner = await newOwner('richieste');
      const jpeg = await photo(640, 480);
      expectError(await owner.upload(owner.listingId, {}, [file('a.jpg', jpeg)]), 'ValidationError');
      expectError(
        await owner.upload(owner.listingId, { MediaType: String(MEDIA_TYPE.profile_image) }, [file('a.jpg', jpeg)]),
        'ValidationError',
      );
      expectError(
        await owner.upload(owner.listingId, { MediaType: String(MEDIA_TYPE.back_office_only) }, [file('a.jpg', jpeg)]),
        'ValidationError',
      );
      expectError(
        await owner.upload(owner.listingId, { MediaType: '1', Caption: 'x' }, [file('a.jpg', jpeg)]),
        'ValidationError',
      );
      expectError(
        await owner.upload(owner.listingId, { MediaType: '1', RoomTypeId: '999' }, [file('a.jpg', jpeg)]),
        'ValidationError',
      );
      expectError(
        await owner.upload(owner.listingId, { MediaType: '1', RoomTypeId: '1' }, [file('a.jpg', jpeg)]),
        'ValidationError',
      );
      expectError(
        await owner.upload(owner.listingId, { MediaType: '1' }, [
          { field: 'Foto', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
        ]),
        'ValidationError',
      );
      expectError(await owner.upload(owner.listingId, { MediaType: '1' }, []), 'MissingFile');
      // MediaType after the first file.
      const late = multipart({}, [file('a.jpg', jpeg)]);
      const tail = Buffer.from(
        late.payload
          .toString('latin1')
          .replace(
            /--(----rexer-test-[0-9a-f]+)--\r\n$/,
            '--$1\r\nContent-Disposition: form-data; name="MediaType"\r\n\r\n1\r\n--$1--\r\n',
          ),
        'latin1',
      );
      const lateRes = await suite.app.inject({
        method: 'POST',
        url: `/api/Property/${owner.listingId}/Media`,
        payload: tail,
        headers: { ...late.headers, ...owner.headers },
      });
      expectError(lateRes, 'ValidationError');
      expectError(
        await owner.call('PUT', `/api/Property/${owner.listingId}/Media/Order`, { MediaIds: [1, 1] }),
        'ValidationError',
      );
      const json = await suite.app.inject({
        method: 'POST',
        url: `/api/Property/${owner.listingId}/Media`,
        payload: { MediaType: 1 },
        headers: owner.headers,
      });
      expectError(json, 'UnsupportedMediaType');
      expect(await suite.db.select().from(media).where(eq(media.propertyId, owner.listingId))).toEqual([]);
      expect(await storedFiles(owner.listingId)).toEqual([]);
      expectError(
        await suite.app.inject({
          method: 'POST',
          url: `/api/Property/${owner.listingId}/Media`,
          ...multipart({ MediaType: '1' }, [file('a.jpg', jpeg)]),
        }),
        'MissingToken',
      );
    });

    it('reorders, sets the cover, deletes a photo with every rendition; demo photos of the shared pool stay in storage', async () => {
      const owner = await newOwner('ordine');
      const up = (
        await owner.upload(owner.listingId, { MediaType: '1' }, [
          file('1.jpg', await photo(800, 600, '#1abc9c')),
          file('2.jpg', await photo(800, 600, '#e67e22')),
          file('3.jpg', await photo(800, 600, '#8e44ad')),
        ])
      ).json() as Upload;
      const plan = (
        await owner.upload(owner.listingId, { MediaType: '4' }, [file('plan.pdf', pdfBytes(1000), 'application/pdf')])
      ).json() as Upload;
      const [a, b, c] = up.MediaInfo.map((m) => m.Id);
      const p = plan.Files[0].Media!.Id;

      // The plan first, then c, b; a follows (not listed). The cover is the first photo: c.
      const reordered = await owner.call('PUT', `/api/Property/${owner.listingId}/Media/Order`, {
        MediaIds: [p, c, b],
      });
      expect(reordered.statusCode).toBe(200);
      expect(reordered.json().MediaInfo.map((m: MediaInfo) => [m.Id, m.Position, m.IsCover])).toEqual([
        [p, 0, false],
        [c, 1, true],
        [b, 2, false],
        [a, 3, false],
      ]);
      const cover = await owner.call('PUT', `/api/Property/${owner.listingId}/Media/${a}/Cover`);
      expect(cover.json().MediaInfo.map((m: MediaInfo) => m.Id)).toEqual([a, p, c, b]);
      expect(cover.json().MediaInfo[0].IsCover).toBe(true);
      expectError(await owner.call('PUT', `/api/Property/${owner.listingId}/Media/${p}/Cover`), 'CoverNotAPhoto');
      expectError(
        await owner.call('PUT', `/api/Property/${owner.listingId}/Media/Order`, { MediaIds: [a, 2_000_000_000] }),
        'MediaNotFound',
      );
      expectError(await owner.call('PUT', `/api/Property/${owner.listingId}/Media/999999/Cover`), 'MediaNotFound');

      expect(await storedFiles(owner.listingId)).toHaveLength(3 * 9 + 1);
      const deleted = await owner.call('DELETE', `/api/Property/${owner.listingId}/Media/${a}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().MediaInfo.map((m: MediaInfo) => [m.Id, m.IsCover])).toEqual([
        [p, false],
        [c, true],
        [b, false],
      ]);
      expect(await storedFiles(owner.listingId)).toHaveLength(2 * 9 + 1);
      const gone = up.MediaInfo.find((m) => m.Id === a)!;
      for (const dim of DIMS)
        expect((await suite.app.inject({ url: fill(gone.Url, dim, 'avif') })).statusCode).toBe(404);
      expectError(await owner.call('DELETE', `/api/Property/${owner.listingId}/Media/${a}`), 'MediaNotFound');
      expect((await owner.call('DELETE', `/api/Property/${owner.listingId}/Media/${p}`)).statusCode).toBe(200);
      expect(await storedFiles(owner.listingId)).toHaveLength(2 * 9);

      // A demo photo (a key of the seed's shared pool) on this listing: its row goes, the pool's file stays.
      const [pool] = await suite.db
        .select()
        .from(media)
        .where(and(eq(media.mediaTypeId, MEDIA_TYPE.property_image), like(media.storageKey, 'media/seed/v%')))
        .limit(1);
      const [seeded] = await suite.db
        .insert(media)
        .values({
          propertyId: owner.listingId,
          mediaTypeId: MEDIA_TYPE.property_image,
          storageKey: pool.storageKey,
          url: pool.url,
          thumbnailKey: pool.thumbnailKey,
          thumbnailUrl: pool.thumbnailUrl,
          contentType: 'image/jpeg',
          position: 10,
        })
        .returning();
      expect((await owner.call('DELETE', `/api/Property/${owner.listingId}/Media/${seeded.id}`)).statusCode).toBe(200);
      expect(await suite.testDb.storage.exists(pool.storageKey)).toBe(true);
      expect((await suite.app.inject({ url: pool.url })).statusCode).toBe(200);
    });

    it('never lets one owner read or change another’s listing or media: 404 as for a listing that does not exist', async () => {
      const alice = await newOwner('alice');
      const bruno = await newOwner('bruno');
      const up = (
        await alice.upload(alice.listingId, { MediaType: '1' }, [file('a.jpg', await photo(800, 600))])
      ).json() as Upload;
      const mediaId = up.MediaInfo[0].Id;
      const missing = 2_000_000_000;
      for (const listingId of [alice.listingId, missing]) {
        expectError(
          await bruno.upload(listingId, { MediaType: '1' }, [file('b.jpg', await photo(800, 600, '#000'))]),
          'ListingNotFound',
        );
        expectError(
          await bruno.call('PUT', `/api/Property/${listingId}/Media/Order`, { MediaIds: [mediaId] }),
          'ListingNotFound',
        );
        expectError(await bruno.call('PUT', `/api/Property/${listingId}/Media/${mediaId}/Cover`), 'ListingNotFound');
        expectError(await bruno.call('DELETE', `/api/Property/${listingId}/Media/${mediaId}`), 'ListingNotFound');
        expectError(await bruno.call('GET', `/api/User/GetMyPropertyById/${listingId}`), 'ListingNotFound');
      }
      // Alice's media through Bruno's own listing: not his.
      expectError(await bruno.call('DELETE', `/api/Property/${bruno.listingId}/Media/${mediaId}`), 'MediaNotFound');
      expectError(await bruno.call('PUT', `/api/Property/${bruno.listingId}/Media/${mediaId}/Cover`), 'MediaNotFound');
      expectError(
        await bruno.call('PUT', `/api/Property/${bruno.listingId}/Media/Order`, { MediaIds: [mediaId] }),
        'MediaNotFound',
      );
      expect(await suite.db.select({ id: media.id }).from(media).where(eq(media.propertyId, alice.listingId))).toEqual([
        { id: mediaId },
      ]);
      expect(await storedFiles(alice.listingId)).toHaveLength(9);
      expect(await storedFiles(bruno.listingId)).toEqual([]);

      // A deleted listing is nobody's, not even its owner's.
      await suite.db
        .update(properties)
        .set({ statusId: PROPERTY_STATUS.deleted })
        .where(eq(properties.id, alice.listingId));
      expectError(await alice.call('GET', `/api/User/GetMyPropertyById/${alice.listingId}`), 'ListingNotFound');
      expectError(
        await alice.upload(alice.listingId, { MediaType: '1' }, [file('c.jpg', await photo(800, 600, '#fff'))]),
        'ListingNotFound',
      );
      expectError(await alice.call('DELETE', `/api/Property/${alice.listingId}/Media/${mediaId}`), 'ListingNotFound');
      expectError(await suite.app.inject({ url: `/api/User/GetMyPropertyById/${bruno.listingId}` }), 'MissingToken');
    });

    it('GetMyPropertyById answers the draft with every answer, the wizard’s page and history, and MediaInfo without null entries', async () => {
      const owner = await newOwner('bozza');
      await suite.db
        .update(properties)
        .set({
          specialDescription: { cantina: true, mq_giardino: 40 },
          floor: 2,
          buildingFloors: 5,
          hasLift: true,
          energyClassId: 6,
          heatingTypeId: 1,
          condoFees: 120,
          price: 320_000,
          title: 'Casa in vendita in Via Solferino 12 a Milano',
          description: 'Trilocale luminoso.',
        })
        .where(eq(properties.id, owner.listingId));
      await suite.db.insert(propertyRooms).values([
        { propertyId: owner.listingId, roomTypeId: 1, count: 1 },
        { propertyId: owner.listingId, roomTypeId: 4, count: 2 },
      ]);
      await suite.db.insert(propertyAmenities).values([
        { propertyId: owner.listingId, amenityId: 15 },
        { propertyId: owner.listingId, amenityId: 17 },
      ]);
      const up = (
        await owner.upload(owner.listingId, { MediaType: '1' }, [
          file('a.jpg', await photo(800, 600)),
          file('b.jpg', await photo(800, 600, '#f1c40f')),
        ])
      ).json() as Upload;
      // A row without a URL (a broken import): left out of MediaInfo, never sent as a null entry.
      await suite.db.insert(media).values({
        propertyId: owner.listingId,
        mediaTypeId: MEDIA_TYPE.other,
        storageKey: 'media/listings/0/none',
        url: '',
        contentType: 'application/pdf',
        position: 50,
      });
      // The back office's own file on the listing: not the owner's to see, move or delete.
      const [internal] = await suite.db
        .insert(media)
        .values({
          propertyId: owner.listingId,
          mediaTypeId: MEDIA_TYPE.back_office_only,
          storageKey: 'media/listings/0/interno.pdf',
          url: '/media/media/listings/0/interno.pdf',
          contentType: 'application/pdf',
          position: 0,
        })
        .returning();
      expectError(await owner.call('DELETE', `/api/Property/${owner.listingId}/Media/${internal.id}`), 'MediaNotFound');
      expectError(
        await owner.call('PUT', `/api/Property/${owner.listingId}/Media/Order`, { MediaIds: [internal.id] }),
        'MediaNotFound',
      );

      const res = await owner.call('GET', `/api/User/GetMyPropertyById/${owner.listingId}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body).toMatchObject({
        Id: owner.listingId,
        Status: 1,
        Origin: 'listing',
        SellType: 1,
        PropertyType: 1,
        Address: 'Via Solferino',
        StreetNumber: '12',
        SurfaceM2: 85,
        Rooms: 3,
        Floor: 2,
        BuildingFloors: 5,
        HasLift: true,
        EnergyClass: 6,
        HeatingType: 1,
        CondoFees: 120,
        Price: 320_000,
        Title: 'Casa in vendita in Via Solferino 12 a Milano',
        Description: 'Trilocale luminoso.',
        SpecialDescription: { cantina: true, mq_giardino: 40 },
        RoomList: [
          { RoomTypeId: 1, Count: 1 },
          { RoomTypeId: 4, Count: 2 },
        ],
        Amenities: [15, 17],
        WizardPage: { CurrentStep: 19, LastDevice: 'mobile' },
        WizardHistory: [2, 3, 4, 5, 6, 7, 8, 9, 36, 10, 23, 24, 11, 12, 15, 16, 17, 19],
        MediaLimits: { MaxPhotos: 40, MaxFilesPerRequest: 10, MaxImagePixels: 50_000_000 },
        PublishedAt: null,
      });
      expect(body.MediaInfo).toEqual(up.MediaInfo);
      expect(body.MediaInfo.every((m: unknown) => m !== null && typeof m === 'object')).toBe(true);
      expect(body.MediaInfo.map((m: MediaInfo) => m.Url.includes('{dim}') && m.Url.includes('{ext}'))).toEqual([
        true,
        true,
      ]);

      // Published, the public page shows the uploads as plain URLs (the gallery's JPEG) that load.
      await suite.db
        .update(properties)
        .set({ statusId: PROPERTY_STATUS.published, publishedAt: new Date() })
        .where(eq(properties.id, owner.listingId));
      expect((await owner.call('GET', `/api/User/GetMyPropertyById/${owner.listingId}`)).json().Status).toBe(2);
      const page = (await suite.app.inject({ url: `/api/Property/${owner.listingId}` })).json();
      expect(page.Photos).toHaveLength(2);
      expect(page.Photos[0].Url).toBe(fill(up.MediaInfo[0].Url, 'BIG', 'jpg'));
      expect(page.Photos[0].ThumbnailUrl).toBe(up.MediaInfo[0].ThumbnailUrl);
      for (const photoItem of page.Photos) {
        expect((await suite.app.inject({ url: photoItem.Url })).statusCode).toBe(200);
        expect((await suite.app.inject({ url: photoItem.ThumbnailUrl })).statusCode).toBe(200);
      }
      // The search's cards show the same cover, never the raw template.
      const found = (
        await suite.app.inject({ url: '/api/Search/Listings?SearchType=free&SellType=1&Sort=newest&PageSize=50' })
      ).json();
      const card = found.Items.find((item: { Id: number }) => item.Id === owner.listingId);
      expect(card.ImageUrl).toBe(page.Photos[0].Url);
    });

    it('keeps the published demo listings’ photos showing', async () => {
      const [demo] = await suite.db
        .select({ id: properties.id })
        .from(properties)
        .innerJoin(media, eq(media.propertyId, properties.id))
        .where(eq(properties.statusId, PROPERTY_STATUS.published))
        .limit(1);
      const page = (await suite.app.inject({ url: `/api/Property/${demo.id}` })).json();
      expect(page.Photos.length).toBeGreaterThan(0);
      for (const item of page.Photos) {
        expect(item.Url).not.toContain('{');
        expect((await suite.app.inject({ url: item.Url })).statusCode).toBe(200);
        expect((await suite.app.inject({ url: item.ThumbnailUrl })).statusCode).toBe(200);
      }
    });
  },
);
