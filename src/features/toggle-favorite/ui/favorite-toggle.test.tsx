import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { provideSessionRuntime, type SessionRuntime } from '@/entities/session';
import { fakeApi, renderPage, testI18n, type FakeAnswer } from '@/shared/lib/test-utils';
import favoritesTranslations from '../../../../locales/it/favorites.json';
import { FavoriteToggle } from './favorite-toggle';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ favorites: favoritesTranslations });
const ensureSession = vi.fn(async () => true);

function deferred() {
  let resolve!: (answer: FakeAnswer) => void;
  const promise = new Promise<FakeAnswer>((r) => (resolve = r));
  return { promise, resolve };
}

/** fakeApi answers synchronously; a held answer lets the test look between the click and the answer. */
function answerLater(held: { promise: Promise<FakeAnswer> }) {
  const inner = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    if (request.method === 'PUT' || request.method === 'DELETE') {
      await inner?.(input, init);
      const answer = await held.promise;
      if (answer instanceof Response) return answer;
      return new Response(JSON.stringify(answer[1]), {
        status: answer[0],
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return inner!(input, init);
  });
}

const toggle = () => screen.getByRole('button', { name: /preferiti/ });

beforeEach(() => {
  fetchMock.mockReset();
  ensureSession.mockClear();
  window.localStorage.clear();
  provideSessionRuntime(async () => ({ ensureSession }) as unknown as SessionRuntime);
});
afterEach(() => provideSessionRuntime(undefined));

describe('FavoriteToggle', () => {
  it('lets a visitor without an account save a listing: the heart answers at once, the session opens before the call', async () => {
    const api = fakeApi(fetchMock, {
      'PUT /api/User/Favorites/42': [200, { Ok: true }],
      'GET /api/User/Favorites': [200, { Items: [] }],
    });
    const held = deferred();
    answerLater(held);
    await renderPage(() => <FavoriteToggle propertyId={42} />, { i18n });

    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    expect(toggle().getAttribute('aria-label')).toBe('Salva nei preferiti');
    // Nobody asked for favourites of a visitor who never saved one.
    expect(api.sent('GET /api/User/Favorites')).toHaveLength(0);

    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().getAttribute('aria-pressed')).toBe('true'));
    expect(toggle().getAttribute('aria-label')).toBe('Rimuovi dai preferiti');
    await waitFor(() => expect(api.sent('PUT /api/User/Favorites/42')).toHaveLength(1));
    expect(ensureSession).toHaveBeenCalled();

    api.calls.length = 0;
    await act(async () => held.resolve([200, { Ok: true }]));
    expect(window.localStorage.getItem('rexer_favorites')).toBe('1');
    // Then the list is read from the server, which now holds it.
    await waitFor(() => expect(api.sent('GET /api/User/Favorites').length).toBeGreaterThan(0));
  });

  it('rolls the heart back and says so when the favourite could not be saved', async () => {
    fakeApi(fetchMock, {});
    const held = deferred();
    answerLater(held);
    await renderPage(() => <FavoriteToggle propertyId={42} variant="inline" />, { i18n });

    fireEvent.click(screen.getByRole('button', { name: 'Salva nei preferiti' }));
    await waitFor(() => expect(toggle().getAttribute('aria-pressed')).toBe('true'));
    await act(async () => held.resolve([500, { ExceptionType: 1, ExceptionTypeString: 'Error' }]));

    await waitFor(() => expect(toggle().getAttribute('aria-pressed')).toBe('false'));
    expect(screen.getByRole('status').textContent).toBe("Non è stato possibile salvare l'annuncio. Riprova.");
    expect(window.localStorage.getItem('rexer_favorites')).toBeNull();
  });

  it('shows a saved listing as saved to a returning visitor and removes it, rolling back on failure', async () => {
    window.localStorage.setItem('rexer_favorites', '1');
    const api = fakeApi(fetchMock, {
      'GET /api/User/Favorites': [
        200,
        {
          Items: [
            { Property: { Id: 7 }, SavedAt: '2026-01-01T00:00:00Z', PriceAtSave: 1, PriceChange: null, Status: 2 },
          ],
        },
      ],
    });
    const held = deferred();
    answerLater(held);
    await renderPage(() => <FavoriteToggle propertyId={7} />, { i18n });

    await waitFor(() => expect(toggle().getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().getAttribute('aria-pressed')).toBe('false'));
    await waitFor(() => expect(api.sent('DELETE /api/User/Favorites/7')).toHaveLength(1));
    await act(async () => held.resolve([503, { ExceptionType: 1, ExceptionTypeString: 'Error' }]));
    await waitFor(() => expect(toggle().getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('status').textContent).toMatch(/rimuovere/);
  });
});
