import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobApplications } from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import {
  BACKENDS,
  buildTestApp,
  expectError,
  multipart,
  openTestDatabase,
  pdfBytes,
  type MultipartFile,
} from './helpers';

const PDF = 'application/pdf';
const DOC = 'application/msword';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const fields = {
  Name: 'Marco Rossi',
  Email: 'marco.rossi@example.org',
  Message: 'Mi candido come consulente immobiliare.',
};

function cv(data: Buffer, contentType = PDF, filename = 'cv-marco-rossi.pdf'): MultipartFile {
  return { field: 'Cv', filename, contentType, data };
}

describe.each(BACKENDS)('POST /api/Careers/Apply on $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance | undefined;
  let address = 0;

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function apply(body: { payload: Buffer; headers: Record<string, string> }) {
    app ??= await buildTestApp(testDb);
    // Each call from its own address: these tests are about the upload, not the rate limit.
    address += 1;
    return app.inject({ method: 'POST', url: '/api/Careers/Apply', ...body, remoteAddress: `192.0.2.${address}` });
  }

  it('stores a PDF CV in the storage and the application in the database', async () => {
    const data = pdfBytes(2048);
    const res = await apply(multipart(fields, [cv(data)]));
    expect(res.statusCode).toBe(201);
    const [row] = await testDb.database.db.select().from(jobApplications).where(eq(jobApplications.id, res.json().Id));
    expect(row).toMatchObject({
      name: fields.Name,
      email: fields.Email,
      message: fields.Message,
      fileName: 'cv-marco-rossi.pdf',
      contentType: PDF,
      sizeBytes: 2048,
    });
    expect(row.cvStorageKey).toMatch(/^careers\/\d{4}\/\d{2}\/[0-9a-f-]+\.pdf$/);
    const stored = await testDb.storage.get(row.cvStorageKey);
    expect(stored?.data.equals(data)).toBe(true);
  });

  it('accepts DOC and DOCX files and an application without message', async () => {
    const doc = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    const docx = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(512)]);
    const { Message: _m, ...noMessage } = fields;
    expect((await apply(multipart(noMessage, [cv(doc, DOC, 'cv.doc')]))).statusCode).toBe(201);
    expect((await apply(multipart(fields, [cv(docx, DOCX, 'cv.docx')]))).statusCode).toBe(201);
  });

  it('refuses a file over 5 MB with 413 FileTooLarge and stores nothing', async () => {
    const before = await testDb.database.db.select({ id: jobApplications.id }).from(jobApplications);
    expectError(await apply(multipart(fields, [cv(pdfBytes(5 * 1024 * 1024 + 1))])), 'FileTooLarge');
    const after = await testDb.database.db.select({ id: jobApplications.id }).from(jobApplications);
    expect(after.length).toBe(before.length);
  });

  it('accepts a file of exactly 5 MB', async () => {
    expect((await apply(multipart(fields, [cv(pdfBytes(5 * 1024 * 1024))]))).statusCode).toBe(201);
  });

  it.each([
    ['an image', cv(Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1'), 'image/png', 'cv.png')],
    ['an image declared as PDF', cv(Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1'), PDF, 'cv.pdf')],
    ['a PDF declared as something else', cv(pdfBytes(), 'application/octet-stream', 'cv.pdf')],
    ['a zip declared as PDF', cv(Buffer.from('PK\x03\x04rest', 'latin1'), PDF, 'cv.pdf')],
    ['a text file', cv(Buffer.from('Curriculum vitae di Marco'), 'text/plain', 'cv.txt')],
  ])('refuses %s with 415 InvalidFileType', async (_label, file) => {
    expectError(await apply(multipart(fields, [file])), 'InvalidFileType');
  });

  it('refuses an application without a file with 400', async () => {
    expectError(await apply(multipart(fields)), 'MissingFile');
    expectError(await apply(multipart(fields, [cv(Buffer.alloc(0))])), 'MissingFile');
  });

  it.each([
    ['no name', { Email: fields.Email }],
    ['a bad email', { Name: fields.Name, Email: 'marco' }],
    ['no fields at all', {}],
  ])('refuses %s with 400', async (_label, given) => {
    expectError(await apply(multipart(given as Record<string, string>, [cv(pdfBytes())])), 'ValidationError');
  });

  it('refuses a second file and a JSON body', async () => {
    expectError(await apply(multipart(fields, [cv(pdfBytes()), cv(pdfBytes())])), 'TooManyFiles');
    app ??= await buildTestApp(testDb);
    expectError(
      await app.inject({ method: 'POST', url: '/api/Careers/Apply', payload: { ...fields } }),
      'UnsupportedMediaType',
    );
  });

  it('allows 5 applications per address an hour, then answers 429', async () => {
    app = await buildTestApp(testDb);
    const send = () =>
      app!.inject({
        method: 'POST',
        url: '/api/Careers/Apply',
        ...multipart(fields, [cv(pdfBytes())]),
        remoteAddress: '198.51.100.40',
      });
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(201);
    expectError(await send(), 'TooManyRequests');
  });
});
