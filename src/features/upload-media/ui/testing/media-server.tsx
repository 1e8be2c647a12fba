import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { I18nProvider } from '@/shared/i18n';
import { fakeApi, testI18n, type FetchMock } from '@/shared/lib/test-utils';
import common from '../../../../../locales/it/common.json';
import translations from '../../../../../locales/it/upload-media.json';
import type { MediaItem, MediaLimits, MediaUploadResult } from '../../model/media';

// The media API of one listing for the component tests: the typed client's calls answered
// from an in-memory list (through the test's fetch mock), and the uploads caught by a fake
// XMLHttpRequest the test answers file by file.

export const LISTING_ID = 7;
export const LIMITS: MediaLimits = {
  MaxImageBytes: 15 * 1024 * 1024,
  MaxPdfBytes: 10 * 1024 * 1024,
  MaxImagePixels: 50_000_000,
  MinPhotoLongSide: 320,
  MinPhotoShortSide: 240,
  MaxFilesPerRequest: 10,
  MaxPhotos: 40,
  MaxDocuments: 20,
};

let nextId = 100;

/** A stored file as the API answers it. */
export function mediaItem(mediaType: number, change: Partial<MediaItem> = {}): MediaItem {
  const id = change.Id ?? nextId++;
  const image = mediaType !== 5 && mediaType !== 6 && mediaType !== 4 ? true : (change.IsImage ?? false);
  return {
    Id: id,
    MediaType: mediaType,
    Url: image ? `/media/media/listings/7/file${id}-{dim}.{ext}` : `/media/media/listings/7/file${id}.pdf`,
    ThumbnailUrl: image ? `/media/media/listings/7/file${id}-PING.jpg` : null,
    Dims: image ? ['PING', 'BIG', 'FULL'] : [],
    Exts: image ? ['avif', 'webp', 'jpg'] : [],
    ContentType: image ? 'image/jpeg' : 'application/pdf',
    IsImage: image,
    IsCover: false,
    Position: 0,
    Width: image ? 1200 : null,
    Height: image ? 900 : null,
    SizeBytes: 250_000,
    RoomTypeId: null,
    Caption: null,
    ...change,
  };
}

/** Positions and the cover as the server sets them: display order, the first photo the cover. */
function ordered(items: MediaItem[]): MediaItem[] {
  const cover = items.find((item) => item.MediaType === 1 || item.MediaType === 3);
  return items.map((item, position) => ({ ...item, Position: position, IsCover: item.Id === cover?.Id }));
}

export class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  responseType = '';
  timeout = 0;
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.all.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  get mediaType() {
    return this.body?.get('MediaType');
  }
  get files() {
    return (this.body?.getAll('Files') ?? []) as File[];
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  async respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    await act(async () => this.onload?.());
  }
  async failNetwork() {
    await act(async () => this.onerror?.());
  }
}

export interface MediaServer {
  items: MediaItem[];
  api: ReturnType<typeof fakeApi>;
  /** Answers an upload: the file stored (a new item of its media type) or refused. */
  answer(xhr: FakeXhr, outcome?: { status: number; reason: MediaUploadResult['Reason'] }): Promise<MediaItem | null>;
}

export function installMediaServer(
  fetchMock: FetchMock,
  initial: MediaItem[],
  limits: MediaLimits = LIMITS,
): MediaServer {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const server: MediaServer = {
    items: ordered(initial),
    api: undefined as unknown as ReturnType<typeof fakeApi>,
    async answer(xhr, outcome) {
      const file = xhr.files[0]!;
      const mediaType = Number(xhr.mediaType);
      if (outcome && outcome.status !== 0) {
        await xhr.respond(200, {
          Outcome: 'ko',
          Uploaded: 0,
          Refused: 1,
          Files: [
            {
              Index: 0,
              FileName: file.name,
              Status: outcome.status,
              StatusCode: 'x',
              Reason: outcome.reason,
              Media: null,
            },
          ],
          MediaInfo: server.items,
          Limits: limits,
        });
        return null;
      }
      const photos = server.items.filter((item) => item.MediaType === 1 || item.MediaType === 3);
      const others = server.items.filter((item) => !(item.MediaType === 1 || item.MediaType === 3));
      const item = mediaItem(mediaType);
      server.items = ordered(mediaType === 1 ? [...photos, item, ...others] : [...server.items, item]);
      const stored = server.items.find((other) => other.Id === item.Id)!;
      await xhr.respond(200, {
        Outcome: 'ok',
        Uploaded: 1,
        Refused: 0,
        Files: [{ Index: 0, FileName: file.name, Status: 0, StatusCode: 'ok', Reason: null, Media: stored }],
        MediaInfo: server.items,
        Limits: limits,
      });
      return stored;
    },
  };
  const path = `/api/Property/${LISTING_ID}/Media`;
  server.api = fakeApi(fetchMock, {
    [`GET /api/User/GetMyPropertyById/${LISTING_ID}`]: () => [
      200,
      { Id: LISTING_ID, MediaInfo: server.items, MediaLimits: limits },
    ],
    [`PUT ${path}/Order`]: ({ body }) => {
      const ids = (body as { MediaIds: number[] }).MediaIds;
      const first = ids.map((id) => server.items.find((item) => item.Id === id)!);
      server.items = ordered([...first, ...server.items.filter((item) => !ids.includes(item.Id))]);
      return [200, { MediaInfo: server.items }];
    },
  });
  // Cover and delete name the media in the path: answered here, recorded with the others.
  const answerListed = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const match = new RegExp(`^${path}/(\\d+)(/Cover)?$`).exec(url.pathname);
    if (!match || !(request.method === 'DELETE' || (request.method === 'PUT' && match[2])))
      return answerListed(input, init);
    server.api.calls.push({ method: request.method, path: url.pathname, query: url.searchParams, body: undefined });
    const id = Number(match[1]);
    if (request.method === 'PUT') {
      const cover = server.items.find((item) => item.Id === id)!;
      server.items = ordered([cover, ...server.items.filter((item) => item.Id !== id)]);
    } else {
      server.items = ordered(server.items.filter((item) => item.Id !== id));
    }
    return new Response(JSON.stringify({ MediaInfo: server.items }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return server;
}

export const i18n = await testI18n({ 'upload-media': translations, common });

export function renderWithApp(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );
}

/** A file of `size` bytes (its content is not read by the page). */
export function fileOf(name: string, type: string, size = 1000): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
