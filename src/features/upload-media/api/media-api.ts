import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiClient, isApiErrorBody, PORTAL_ID, unwrap, type ApiErrorBody } from '@/shared/api';
import type { MediaItem, MediaLimits, MediaUploadResponse } from '../model/media';

// The media calls of the owner's listing (server/modules/listing-media). Listing, order,
// cover and delete go through the typed client; the upload is an XMLHttpRequest, the one
// browser call that reports the progress of what it sends. It is authenticated as the
// client is: the browser's session cookie (same origin) with the headers the client's
// transport adds (`Portal`, `Cache-Control`, `X-Token-Transport: cookie`).

export interface ListingMedia {
  items: MediaItem[];
  limits: MediaLimits;
}

export const listingMediaKey = (listingId: number) => ['property', listingId, 'media'] as const;

async function fetchListingMedia(listingId: number, signal?: AbortSignal): Promise<ListingMedia> {
  const listing = unwrap(
    'GET /api/User/GetMyPropertyById/{id}',
    await apiClient.GET('/api/User/GetMyPropertyById/{id}', { params: { path: { id: listingId } }, signal }),
  );
  return { items: listing.MediaInfo, limits: listing.MediaLimits };
}

export const listingMediaQueryOptions = (listingId: number) =>
  queryOptions({
    queryKey: listingMediaKey(listingId),
    queryFn: ({ signal }) => fetchListingMedia(listingId, signal),
    // The seller's own files change only through this page: no refetch behind its back.
    staleTime: Infinity,
  });

/** Stores the listing's media as an answer gave them (upload, order, cover, delete). */
export function setListingMedia(queryClient: QueryClient, listingId: number, items: MediaItem[]): void {
  queryClient.setQueryData<ListingMedia>(listingMediaKey(listingId), (current) =>
    current ? { ...current, items } : current,
  );
}

export async function saveMediaOrder(listingId: number, mediaIds: number[]): Promise<MediaItem[]> {
  const result = unwrap(
    'PUT /api/Property/{id}/Media/Order',
    await apiClient.PUT('/api/Property/{id}/Media/Order', {
      params: { path: { id: listingId } },
      body: { MediaIds: mediaIds },
    }),
  );
  return result.MediaInfo;
}

export async function makeCover(listingId: number, mediaId: number): Promise<MediaItem[]> {
  const result = unwrap(
    'PUT /api/Property/{id}/Media/{mediaId}/Cover',
    await apiClient.PUT('/api/Property/{id}/Media/{mediaId}/Cover', { params: { path: { id: listingId, mediaId } } }),
  );
  return result.MediaInfo;
}

export async function deleteMedia(listingId: number, mediaId: number): Promise<MediaItem[]> {
  const result = unwrap(
    'DELETE /api/Property/{id}/Media/{mediaId}',
    await apiClient.DELETE('/api/Property/{id}/Media/{mediaId}', { params: { path: { id: listingId, mediaId } } }),
  );
  return result.MediaInfo;
}

export interface UploadRequest {
  listingId: number;
  mediaType: number;
  files: File[];
  /** Bytes sent of the request's body, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** An upload the server did not answer with per-file results (a network failure, 401, 404, 413 ...). */
export class UploadError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | undefined;
  /** The Retry-After of a 429, in seconds, when the server sent one. */
  readonly retryAfterSeconds: number | undefined;
  constructor(status: number, body?: unknown, retryAfterSeconds?: number) {
    super(`POST /api/Property/{id}/Media failed with status ${status}`);
    this.name = 'UploadError';
    this.status = status;
    this.body = isApiErrorBody(body) ? body : undefined;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A Retry-After in seconds (the server sends seconds, never a date), or undefined. */
export function retryAfterOf(header: string | null | undefined): number | undefined {
  if (!header || !/^\d{1,6}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** The upload's time limit: generous, a phone on a slow line sends megabytes. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

function sendUpload({ listingId, mediaType, files, onProgress, signal }: UploadRequest): Promise<MediaUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/Property/${listingId}/Media`);
    xhr.setRequestHeader('Portal', String(PORTAL_ID));
    xhr.setRequestHeader('Cache-Control', 'no-cache');
    xhr.setRequestHeader('X-Token-Transport', 'cookie');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 200 && typeof body === 'object' && body !== null && 'Files' in body)
        resolve(body as MediaUploadResponse);
      else reject(new UploadError(xhr.status, body, retryAfterOf(xhr.getResponseHeader('Retry-After'))));
    };
    xhr.onerror = () => reject(new UploadError(0));
    xhr.ontimeout = () => reject(new UploadError(0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    // The fields first, then the files: the server reads them in that order.
    const form = new FormData();
    form.append('MediaType', String(mediaType));
    for (const file of files) form.append('Files', file, file.name);
    xhr.send(form);
  });
}

/**
 * Uploads files of one media type. An expired session token is renewed once, as the typed
 * client does for its calls: a call through it (reading the listing's media) meets the same
 * 401 and renews the session, then the upload is sent again.
 */
export async function uploadMedia(request: UploadRequest): Promise<MediaUploadResponse> {
  try {
    return await sendUpload(request);
  } catch (error) {
    if (
      !(error instanceof UploadError) ||
      error.status !== 401 ||
      error.body?.ExceptionTypeString !== 'ExpiredSessionToken'
    )
      throw error;
    try {
      await fetchListingMedia(request.listingId);
    } catch (renewal) {
      if (renewal instanceof ApiError) throw new UploadError(renewal.status, renewal.body);
      throw renewal;
    }
    request.onProgress?.(0);
    return sendUpload(request);
  }
}
