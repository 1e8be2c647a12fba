import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/shared/api';
import { footerDocumentsQueryOptions } from './footer-documents';

const item = (Id: number, Kind: number, Title: string) => ({
  Id,
  Kind,
  Title,
  Description: `${Title}: una descrizione lunga che il piè di pagina non mostra.`,
  FileName: `documento-${Id}.pdf`,
  ContentType: 'application/pdf',
  SizeBytes: 2_000 + Id,
  UpdatedAt: '2026-11-29T10:00:00.000Z',
  Url: `/api/Download/Get/${Id}`,
});

describe('footerDocumentsQueryOptions', () => {
  it('keeps only the terms and the privacy notice, with what their links show', async () => {
    const list = [
      item(3, 3, 'Guida per chi vende casa'),
      item(1, 1, 'Termini e condizioni'),
      item(2, 2, 'Informativa privacy'),
      item(4, 4, 'Guida per chi compra casa'),
    ];
    const client = createApiClient({
      baseUrl: 'http://api.test',
      fetch: async () =>
        new Response(JSON.stringify(list), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    });
    const data = await new QueryClient().fetchQuery(footerDocumentsQueryOptions(client));
    expect(data).toEqual([
      { Id: 1, Title: 'Termini e condizioni', Url: '/api/Download/Get/1', ContentType: 'application/pdf' },
      { Id: 2, Title: 'Informativa privacy', Url: '/api/Download/Get/2', ContentType: 'application/pdf' },
    ]);
  });
});
