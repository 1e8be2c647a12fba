import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api';
import {
  acceptedExtensions,
  checkCvFile,
  fileType,
  sizeParts,
  submitCareersApplication,
  type CareersApplication,
} from './careers-application';

const PDF = 'application/pdf';
const DOC = 'application/msword';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const limits = { MaxCvBytes: 1024 * 1024, AcceptedTypes: [PDF, DOC, DOCX] };
const pdf = (size: number, name = 'cv.pdf') => new File([new Uint8Array(size)], name, { type: PDF });

describe('checkCvFile', () => {
  it('refuses a type the config does not accept', () => {
    expect(checkCvFile(new File(['x'], 'foto.png', { type: 'image/png' }), limits)).toBe('invalidType');
    expect(checkCvFile(pdf(10), { ...limits, AcceptedTypes: [DOC] })).toBe('invalidType');
    // No type from the browser and an unknown extension.
    expect(checkCvFile(new File(['x'], 'curriculum'), limits)).toBe('invalidType');
  });

  it('refuses a file over the size limit, and takes one exactly at the limit', () => {
    expect(checkCvFile(pdf(limits.MaxCvBytes + 1), limits)).toBe('tooLarge');
    expect(checkCvFile(pdf(limits.MaxCvBytes), limits)).toBeNull();
  });

  it('lets an accepted file of a fitting size go', () => {
    expect(checkCvFile(pdf(1000), limits)).toBeNull();
    expect(checkCvFile(new File(['x'], 'CV.DOCX'), limits)).toBeNull();
  });

  it('reports the wrong type first when a file is both too large and of the wrong type', () => {
    expect(
      checkCvFile(new File([new Uint8Array(limits.MaxCvBytes + 1)], 'foto.png', { type: 'image/png' }), limits),
    ).toBe('invalidType');
  });
});

describe('fileType', () => {
  it('trusts the browser type, in lower case', () => {
    expect(fileType(new File(['x'], 'cv.doc', { type: 'Application/PDF' }))).toBe(PDF);
  });

  it('reads the type from the extension, in any case, when the browser gives none', () => {
    expect(fileType(new File(['x'], 'cv.pdf'))).toBe(PDF);
    expect(fileType(new File(['x'], 'CV.DOC'))).toBe(DOC);
    expect(fileType(new File(['x'], 'mario.rossi.docx'))).toBe(DOCX);
    expect(fileType(new File(['x'], 'cv.txt'))).toBe('');
    expect(fileType(new File(['x'], 'cv'))).toBe('');
  });
});

describe('sizeParts and acceptedExtensions', () => {
  it('state the size limit in MB from a megabyte, in KB under it, with the Italian decimal comma', () => {
    expect(sizeParts(5 * 1024 * 1024)).toEqual({ unit: 'mb', value: '5' });
    expect(sizeParts(1024 * 1024)).toEqual({ unit: 'mb', value: '1' });
    expect(sizeParts(2.5 * 1024 * 1024)).toEqual({ unit: 'mb', value: '2,5' });
    expect(sizeParts(800 * 1024)).toEqual({ unit: 'kb', value: '800' });
    expect(sizeParts(10)).toEqual({ unit: 'kb', value: '1' });
  });

  it('name the accepted types by extension', () => {
    expect(acceptedExtensions([PDF, DOC, DOCX])).toEqual(['pdf', 'doc', 'docx']);
    expect(acceptedExtensions(['application/rtf'])).toEqual(['rtf']);
  });
});

describe('submitCareersApplication', () => {
  const application: CareersApplication = {
    name: 'Laura Esposito',
    email: 'laura@example.com',
    message: '',
    cv: pdf(10),
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const error = (status: number, name: string) => json(status, { ExceptionType: 1, ExceptionTypeString: name });

  function clientAnswering(answer: (request: Request) => Promise<Response>) {
    const requests: Request[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      requests.push(input as Request);
      return answer(input as Request);
    });
    return {
      client: createApiClient({ baseUrl: 'http://rexer.test', fetch: fetch as unknown as typeof globalThis.fetch }),
      requests,
    };
  }
  const send = (answer: () => Promise<Response>, body: CareersApplication = application) =>
    submitCareersApplication(clientAnswering(answer).client, body);

  it('is ok on 201', async () => {
    expect(await send(async () => json(201, {}))).toBe('ok');
  });

  it('is tooLarge on 413 and invalidType on 415 (the server checks again)', async () => {
    expect(await send(async () => error(413, 'FileTooLarge'))).toBe('tooLarge');
    expect(await send(async () => error(415, 'InvalidFileType'))).toBe('invalidType');
  });

  it('fails on any other error status and on a network error', async () => {
    expect(await send(async () => error(500, 'Generic'))).toBe('failed');
    expect(await send(async () => error(400, 'Validation'))).toBe('failed');
    expect(
      await send(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBe('failed');
  });

  it('posts the application as multipart form data to /api/Careers/Apply', async () => {
    const { client, requests } = clientAnswering(async () => json(201, {}));
    await submitCareersApplication(client, { ...application, message: 'Ciao' });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/Careers/Apply');
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const body = await request.text();
    for (const part of [
      'name="Name"\r\n\r\nLaura Esposito\r\n',
      'name="Email"\r\n\r\nlaura@example.com\r\n',
      'name="Message"\r\n\r\nCiao\r\n',
    ]) {
      expect(body).toContain(part);
    }
    // The CV goes as a file part. (jsdom's File reaches Node's fetch without its name and
    // bytes, so only the part and its type are checked here.)
    expect(body).toMatch(/name="Cv"; filename="[^"]+"\r\nContent-Type: application\/pdf/);
  });

  it('leaves out an empty message', async () => {
    const { client, requests } = clientAnswering(async () => json(201, {}));
    await submitCareersApplication(client, application);
    const body = await requests[0].text();
    expect(body).toContain('name="Name"');
    expect(body).not.toContain('name="Message"');
  });
});
