import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/shared/lib/test-utils';
import { resolveSeoPlace } from './search-api';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const PLACES: Record<string, unknown[]> = {
  milano: [
    {
      Kind: 'province',
      Id: 'MI',
      Name: 'Provincia di Milano',
      Detail: 'Lombardia',
      Latitude: 45.4,
      Longitude: 9.1,
      Params: { SearchType: 'province', Province: 'milano' },
    },
    {
      Kind: 'town',
      Id: '015146',
      Name: 'Milano',
      Detail: 'MI',
      Latitude: 45.4,
      Longitude: 9.1,
      Params: { SearchType: 'town', Town: '015146' },
    },
  ],
  navigli: [
    {
      Kind: 'district',
      Id: '2',
      Name: 'Navigli',
      Detail: 'Milano (MI)',
      Latitude: 45.45,
      Longitude: 9.17,
      Params: { SearchType: 'district', District: '2' },
    },
  ],
  lombardia: [
    {
      Kind: 'region',
      Id: 'lombardia',
      Name: 'Lombardia',
      Detail: null,
      Latitude: 45.6,
      Longitude: 9.8,
      Params: { SearchType: 'region', Region: 'lombardia' },
    },
  ],
};

describe('resolveSeoPlace', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    fakeApi(fetchMock, {
      'GET /api/Search/Places': ({ query }) => [200, { Items: PLACES[query.get('Text') ?? ''] ?? [] }],
    });
  });

  it('prefers the town called like the slug over its province', async () => {
    expect(await resolveSeoPlace(new QueryClient(), 'milano')).toEqual({ SearchType: 'town', Town: '015146' });
  });

  it('finds a district of that town, a region, and nothing for an unknown name', async () => {
    expect(await resolveSeoPlace(new QueryClient(), 'milano', 'navigli')).toEqual({
      SearchType: 'district',
      District: '2',
    });
    expect(await resolveSeoPlace(new QueryClient(), 'lombardia')).toEqual({
      SearchType: 'region',
      Region: 'lombardia',
    });
    expect(await resolveSeoPlace(new QueryClient(), 'atlantide')).toBeNull();
    expect(await resolveSeoPlace(new QueryClient(), 'milano', 'centro-storico')).toBeNull();
  });

  it('answers the status of a place search the API could not run (429, 503), never "no such place"', async () => {
    const refusing = (status: number, body: unknown, from: string) =>
      fakeApi(fetchMock, {
        'GET /api/Search/Places': ({ query }) =>
          query.get('Text') === from ? [status, body] : [200, { Items: PLACES[query.get('Text') ?? ''] ?? [] }],
      });
    fetchMock.mockReset();
    refusing(429, { ExceptionType: 8, ExceptionTypeString: 'TooManyRequests' }, 'milano');
    expect(await resolveSeoPlace(new QueryClient(), 'milano')).toBe(429);
    fetchMock.mockReset();
    refusing(429, { ExceptionType: 69, ExceptionTypeString: 'IPBanned' }, 'navigli');
    expect(await resolveSeoPlace(new QueryClient(), 'milano', 'navigli')).toBe(429);
    fetchMock.mockReset();
    refusing(503, { ExceptionType: 107, ExceptionTypeString: 'SearchTimeout' }, 'milano');
    expect(await resolveSeoPlace(new QueryClient(), 'milano')).toBe(503);
    // A text the place search refuses finds nothing: that page does not exist.
    fetchMock.mockReset();
    refusing(400, { ExceptionType: 1, ExceptionTypeString: 'ValidationError' }, 'milano');
    expect(await resolveSeoPlace(new QueryClient(), 'milano')).toBeNull();
  });
});
