import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/shared/lib/test-utils';
import { valuationAgencyQueryOptions } from './agency-query';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  fetchMock.mockReset();
  api = fakeApi(fetchMock, {
    'GET /api/Agency/navigli-case-immobiliare-milano': [
      200,
      { Id: 1, Slug: 'navigli-case-immobiliare-milano', Name: 'Navigli Case Immobiliare' },
    ],
    'GET /api/Agency/agenzia-che-non-esiste': [404, { ExceptionType: 1, ExceptionTypeString: 'AgencyNotFound' }],
  });
});

const fetchAgency = (slug: string) =>
  new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(valuationAgencyQueryOptions(slug));

describe('the agency of /valutocasa?agenzia={slug}', () => {
  it('is the agency of the slug, by its slug and name', async () => {
    expect(await fetchAgency('navigli-case-immobiliare-milano')).toEqual({
      slug: 'navigli-case-immobiliare-milano',
      name: 'Navigli Case Immobiliare',
    });
  });

  it('is none for an unknown slug, and for a malformed one without asking', async () => {
    expect(await fetchAgency('agenzia-che-non-esiste')).toBeNull();
    expect(await fetchAgency('Non uno slug')).toBeNull();
    expect(api.sent('GET /api/Agency/agenzia-che-non-esiste')).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
