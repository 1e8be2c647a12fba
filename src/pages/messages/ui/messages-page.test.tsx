import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageThread, ThreadMessage } from '@/entities/message';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/messages.json';
import { MessagesPage } from './messages-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ messages: translations });

const NOW = new Date().toISOString();

function summary(id: number, extra: Partial<MessageThread> = {}): MessageThread {
  return {
    Id: id,
    Property: {
      Id: 100 + id,
      Title: `Trilocale ${id} in Via Padova`,
      ImageUrl: `/media/${id}.jpg`,
      CityName: 'Milano',
    },
    Agency: null,
    Role: 'buyer',
    OtherPartyName: id === 1 ? 'Marco' : 'Sara',
    LastMessage: { Excerpt: `Ultimo messaggio ${id}`, SentAt: NOW, Mine: false },
    Unread: 0,
    ...extra,
  };
}

let threads: MessageThread[];
let messages: Record<number, ThreadMessage[]>;
let nextId: number;
let api: ReturnType<typeof fakeApi>;
let sendAnswer: (() => Response) | undefined;

function threadAnswer(id: number) {
  const thread = threads.find((item) => item.Id === id);
  if (!thread) return [404, { ExceptionType: 200, ExceptionTypeString: 'ThreadNotFound' }] as [number, unknown];
  return [200, { Thread: thread, Items: messages[id] ?? [], NextCursor: null }] as [number, unknown];
}

beforeEach(() => {
  fetchMock.mockReset();
  nextId = 50;
  sendAnswer = undefined;
  threads = [
    summary(1, { Unread: 2 }),
    summary(2, { LastMessage: { Excerpt: 'Grazie, a presto', SentAt: NOW, Mine: true } }),
  ];
  messages = {
    1: [
      { Id: 10, Text: 'Buongiorno, è ancora disponibile?', Mine: true, SentAt: NOW },
      {
        Id: 11,
        Text: 'Sì! Ecco la planimetria: https://example.com/planimetria.pdf <b>grassetto</b>',
        Mine: false,
        SentAt: NOW,
      },
      { Id: 12, Text: 'Quando vuole passare?', Mine: false, SentAt: NOW },
    ],
    2: [{ Id: 20, Text: 'Grazie, a presto', Mine: true, SentAt: NOW }],
  };
  api = fakeApi(fetchMock, {
    'GET /api/Message/Threads': () => [200, { Items: threads, NextCursor: null }],
    'GET /api/Message/Threads/1': () => threadAnswer(1),
    'GET /api/Message/Threads/2': () => threadAnswer(2),
    'GET /api/Message/Threads/3': () => threadAnswer(3),
    'GET /api/Message/Threads/99': () => threadAnswer(99),
    'PUT /api/Message/Threads/1/Read': () => {
      threads = threads.map((thread) => (thread.Id === 1 ? { ...thread, Unread: 0 } : thread));
      return [200, { Count: 0 }];
    },
    'POST /api/Message': (call) => {
      if (sendAnswer) return sendAnswer();
      const body = call.body as { ThreadId: number; Text: string };
      const id = nextId++;
      messages[body.ThreadId] = [
        ...(messages[body.ThreadId] ?? []),
        { Id: id, Text: body.Text, Mine: true, SentAt: NOW },
      ];
      return [201, { ThreadId: body.ThreadId, Id: id }];
    },
  });
});
afterEach(() => cleanup());

const show = (path = '/myrexer/messaggi') =>
  renderPage(() => <MessagesPage />, {
    i18n,
    path,
    otherRoutes: {
      '/ricerca': () => <p>ricerca</p>,
      '/immobile/$id': () => <p>immobile</p>,
      '/agenzie/$name': () => <p>agenzia</p>,
    },
  });

const threadLink = (name: RegExp) => within(screen.getByTestId('message-threads')).getByRole('link', { name });

describe('MessagesPage', () => {
  it('lists the threads with the listing, the other person, the last message and what is unread', async () => {
    await show();
    const items = await screen.findAllByTestId('message-thread');
    expect(items).toHaveLength(2);
    const first = items[0]!;
    expect(first.textContent).toContain('Marco');
    expect(first.textContent).toContain('Trilocale 1 in Via Padova');
    expect(first.textContent).toContain('Ultimo messaggio 1');
    expect(first.getAttribute('data-unread')).toBe('true');
    expect(within(first).getByTestId('thread-unread').textContent).toContain('2 messaggi non letti');
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/media/1.jpg');
    const second = items[1]!;
    expect(second.getAttribute('data-unread')).toBeNull();
    expect(within(second).queryByTestId('thread-unread')).toBeNull();
    expect(second.textContent).toContain('Tu: Grazie, a presto');
    expect(screen.getByText('Scegli una conversazione per leggerla.')).toBeTruthy();
  });

  it('opens a chosen thread, shows its messages as text and marks it read', async () => {
    const { router } = await show();
    await screen.findAllByTestId('message-thread');
    await act(async () => {
      fireEvent.click(threadLink(/Marco/));
    });
    await waitFor(() => expect(router.state.location.search).toEqual({ thread: 1 }));
    const view = await screen.findByTestId('message-thread-view');
    expect(within(view).getByRole('heading', { name: 'Trilocale 1 in Via Padova' })).toBeTruthy();
    const bubbles = await within(view).findAllByTestId('message');
    expect(bubbles.map((bubble) => bubble.getAttribute('data-mine'))).toEqual(['true', null, null]);
    // A link and markup in a message stay text: no anchor, no bold.
    const withLink = bubbles[1]!;
    expect(withLink.textContent).toContain('https://example.com/planimetria.pdf <b>grassetto</b>');
    expect(withLink.querySelector('a')).toBeNull();
    expect(withLink.querySelector('b')).toBeNull();
    await waitFor(() => expect(api.sent('PUT /api/Message/Threads/1/Read')).toHaveLength(1));
    expect(threadLink(/Marco/).getAttribute('aria-current')).toBe('page');
    expect(threadLink(/Sara/).getAttribute('aria-current')).toBeNull();
  });

  it('opens the thread of ?thread= at once, and does not mark a thread with nothing unread', async () => {
    await show('/myrexer/messaggi?thread=2');
    const view = await screen.findByTestId('message-thread-view');
    expect(within(view).getByRole('heading', { name: 'Trilocale 2 in Via Padova' })).toBeTruthy();
    expect((await within(view).findAllByTestId('message')).map((bubble) => bubble.textContent)).toEqual([
      expect.stringContaining('Grazie, a presto'),
    ]);
    expect(api.sent('GET /api/Message/Threads/2')).toHaveLength(1);
    expect(api.sent('PUT /api/Message/Threads/2/Read')).toHaveLength(0);
  });

  it('sends {ThreadId, Text} with Enter, shows the message and empties the box', async () => {
    await show('/myrexer/messaggi?thread=2');
    const box = await screen.findByRole('textbox', { name: 'Scrivi un messaggio' });
    fireEvent.change(box, { target: { value: '  Va bene sabato alle 10?\nGrazie  ' } });
    expect(screen.getByTestId('composer-count').textContent).toContain('30 su 2000 caratteri');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(api.sent('POST /api/Message')).toHaveLength(1));
    expect(api.sent('POST /api/Message')[0]!.body).toEqual({ ThreadId: 2, Text: 'Va bene sabato alle 10?\nGrazie' });
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(2));
    expect(screen.getAllByTestId('message')[1]!.textContent).toContain('Va bene sabato alle 10?');
    expect(screen.getAllByTestId('message')[1]!.getAttribute('data-mine')).toBe('true');
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps a new line with Shift+Enter, and refuses a text over the limit', async () => {
    await show('/myrexer/messaggi?thread=2');
    const box = await screen.findByRole('textbox', { name: 'Scrivi un messaggio' });
    fireEvent.change(box, { target: { value: 'Prima riga' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    fireEvent.change(box, { target: { value: 'x'.repeat(2001) } });
    expect(screen.getByTestId('composer-send')).toHaveProperty('disabled', true);
    expect(screen.getByRole('alert').textContent).toContain('limite di 2000 caratteri');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(api.sent('POST /api/Message')).toHaveLength(0);
  });

  it('says in Italian when the message limit is reached, and keeps the text', async () => {
    sendAnswer = () =>
      new Response(JSON.stringify({ ExceptionType: 202, ExceptionTypeString: 'MessageRateLimited' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
      });
    await show('/myrexer/messaggi?thread=2');
    const box = await screen.findByRole('textbox', { name: 'Scrivi un messaggio' });
    fireEvent.change(box, { target: { value: 'Ci sono ancora?' } });
    fireEvent.click(screen.getByTestId('composer-send'));
    expect((await screen.findByTestId('composer-error')).textContent).toBe(
      'Hai inviato molti messaggi in poco tempo. Potrai scrivere di nuovo tra 42 secondi: il tuo testo è ancora qui.',
    );
    expect((box as HTMLTextAreaElement).value).toBe('Ci sono ancora?');
    expect(screen.getAllByTestId('message')).toHaveLength(1);
  });

  it('shows, announces and marks read a message that arrives while the thread is open', async () => {
    const { queryClient } = await show('/myrexer/messaggi?thread=1');
    await waitFor(() => expect(api.sent('PUT /api/Message/Threads/1/Read')).toHaveLength(1));
    messages[1] = [...messages[1]!, { Id: 13, Text: 'Sabato va benissimo.', Mine: false, SentAt: NOW }];
    threads = threads.map((thread) => (thread.Id === 1 ? { ...thread, Unread: 1 } : thread));
    // What the live events do on `event: message`.
    await act(() => queryClient.invalidateQueries({ queryKey: ['messages'] }));
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(4));
    expect(screen.getByTestId('messages-announcement').textContent).toBe(
      'Nuovo messaggio da Marco: Sabato va benissimo.',
    );
    await waitFor(() => expect(api.sent('PUT /api/Message/Threads/1/Read')).toHaveLength(2));
  });

  it('says so when the thread of the address is not one of the user', async () => {
    await show('/myrexer/messaggi?thread=99');
    expect(await screen.findByText('Questa conversazione non esiste o non è tra le tue.')).toBeTruthy();
  });

  it('explains how conversations start when there is none', async () => {
    threads = [];
    await show();
    expect(await screen.findByRole('heading', { name: 'Non hai ancora messaggi' })).toBeTruthy();
    expect(screen.getByText(/dalla pagina di un annuncio/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cerca casa' }).getAttribute('href')).toBe('/ricerca');
  });

  describe('a thread with an agency', () => {
    const agency = { Id: 7, Name: 'Navigli Case', Slug: 'navigli-case', LogoUrl: '/media/agenzie/navigli.png' };

    beforeEach(() => {
      threads = [
        summary(3, { Property: null, Agency: agency, OtherPartyName: 'Francesca' }),
        summary(4, { Property: null, Agency: agency, Role: 'owner', OtherPartyName: 'Marco' }),
      ];
      messages[3] = [{ Id: 30, Text: 'Cercate case a Milano?', Mine: true, SentAt: NOW }];
    });

    it("names the agency and shows its logo for the person who wrote, the person for the agency's account", async () => {
      await show();
      const [mine, theirs] = await screen.findAllByTestId('message-thread');
      expect(mine!.textContent).toContain('Navigli Case');
      expect(mine!.textContent).toContain("Conversazione con l'agenzia");
      expect(mine!.textContent).not.toContain('Francesca');
      expect(mine!.querySelector('img')?.getAttribute('src')).toBe('/media/agenzie/navigli.png');
      expect(theirs!.textContent).toContain('Marco · alla tua agenzia');
      expect(theirs!.textContent).toContain('Navigli Case');
    });

    it("opens it with the agency's name on top and a link to its page, not to a listing", async () => {
      await show('/myrexer/messaggi?thread=3');
      const view = await screen.findByTestId('message-thread-view');
      expect(within(view).getByRole('heading', { name: 'Navigli Case' })).toBeTruthy();
      expect(within(view).getByRole('link', { name: "Vedi la pagina dell'agenzia" }).getAttribute('href')).toBe(
        '/agenzie/navigli-case',
      );
      expect(within(view).queryByRole('link', { name: "Vedi l'annuncio" })).toBeNull();
      expect((await within(view).findAllByTestId('message'))[0]!.textContent).toContain('Cercate case a Milano?');
    });
  });
});
