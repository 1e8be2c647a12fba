import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MySiteReview } from '@/entities/site-review';
import { ApiError } from '@/shared/api';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/my-site-review.json';
import { MySiteReviewPage } from './my-site-review-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'my-site-review': translations });

const saved = (overrides: Partial<MySiteReview> = {}): MySiteReview => ({
  Id: 7,
  Rating: 4,
  Title: 'Venduto senza agenzia',
  Text: 'Le visite si prenotavano da sole e la valutazione era giusta.',
  Role: 'seller',
  DisplayName: 'Pia',
  Town: 'Milano',
  Status: 'pending',
  RejectionReason: null,
  PublishConsentAt: '2026-11-30T10:00:00.000Z',
  CreatedAt: '2026-11-30T10:00:00.000Z',
  UpdatedAt: '2026-11-30T10:00:00.000Z',
  ...overrides,
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
});

const show = (save = vi.fn(async () => saved())) =>
  renderPage(() => <MySiteReviewPage save={save} />, {
    i18n,
    path: '/myrexer/recensione',
    otherRoutes: { '/diconodinoi': () => <p>dicono</p> },
  }).then(() => save);

const fillIn = async () => {
  fireEvent.click(await screen.findByRole('radio', { name: '4 stelle: Molto buono' }));
  fireEvent.change(screen.getByLabelText(/^Titolo/), { target: { value: 'Venduto senza agenzia' } });
  fireEvent.change(screen.getByLabelText(/^La tua esperienza/), {
    target: { value: 'Le visite si prenotavano da sole e la valutazione era giusta.' },
  });
  fireEvent.change(screen.getByLabelText(/^Con Rexer hai/), { target: { value: 'seller' } });
};

describe('MySiteReviewPage', () => {
  it('starts from the profile’s name and town, checks every field and asks for the consent before sending', async () => {
    fakeApi(fetchMock, {
      'GET /api/Review/Rexer/Mine': [200, { Review: null, Suggested: { DisplayName: 'Pia', Town: 'Milano' } }],
    });
    const save = await show();
    expect(await screen.findByRole('heading', { name: 'Scrivi la tua recensione' })).toBeTruthy();
    expect((screen.getByLabelText(/^Nome da pubblicare/) as HTMLInputElement).value).toBe('Pia');
    expect((screen.getByLabelText(/^Comune da pubblicare/) as HTMLInputElement).value).toBe('Milano');
    // The five stars are one radio group.
    const group = screen.getByRole('group', { name: 'La tua valutazione' });
    expect(group.querySelectorAll('input[type="radio"]')).toHaveLength(5);

    fireEvent.click(screen.getByRole('button', { name: 'Invia la recensione' }));
    expect(await screen.findByText('Scegli da 1 a 5 stelle.')).toBeTruthy();
    expect(screen.getByText('Scrivi un titolo.')).toBeTruthy();
    expect(screen.getByText('Racconta la tua esperienza.')).toBeTruthy();
    expect(
      screen.getByText('Per pubblicare la recensione serve il tuo consenso a mostrare nome e comune.'),
    ).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    await fillIn();
    fireEvent.change(screen.getByLabelText(/^La tua esperienza/), {
      target: { value: 'Chiamatemi al 347 123 4567 per sapere come ho fatto.' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /Acconsento/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Invia la recensione' }));
    expect(
      await screen.findByText('Togli il numero di telefono: nelle recensioni non sono ammessi recapiti.'),
    ).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/^La tua esperienza/), {
      target: { value: 'Le visite si prenotavano da sole e la valutazione era giusta.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Invia la recensione' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith('create', {
      Rating: 4,
      Title: 'Venduto senza agenzia',
      Text: 'Le visite si prenotavano da sole e la valutazione era giusta.',
      Role: 'seller',
      DisplayName: 'Pia',
      Town: 'Milano',
      PublishConsent: true,
    });
    expect(await screen.findByText('In attesa di approvazione')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Modifica la tua recensione' })).toBeTruthy();
  });

  it('shows a rejected review’s reason and sends an edit, asking the consent again', async () => {
    fakeApi(fetchMock, {
      'GET /api/Review/Rexer/Mine': [
        200,
        {
          Review: saved({ Status: 'rejected', RejectionReason: 'Parla di un annuncio, non di Rexer' }),
          Suggested: { DisplayName: 'Pia', Town: null },
        },
      ],
    });
    const save = await show(vi.fn(async () => saved({ Status: 'pending', Title: 'Ora parlo di Rexer' })));
    expect(await screen.findByText('Non pubblicata')).toBeTruthy();
    expect(screen.getByText('Motivo: Parla di un annuncio, non di Rexer')).toBeTruthy();
    expect((screen.getByLabelText(/^Titolo/) as HTMLInputElement).value).toBe('Venduto senza agenzia');
    expect((screen.getByRole('radio', { name: '4 stelle: Molto buono' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Acconsento/ }) as HTMLInputElement).checked).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Titolo/), { target: { value: 'Ora parlo di Rexer' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Acconsento/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Invia le modifiche' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith('edit', expect.objectContaining({ Title: 'Ora parlo di Rexer' })),
    );
    expect(await screen.findByText('In attesa di approvazione')).toBeTruthy();
    expect(screen.queryByText('Non pubblicata')).toBeNull();
  });

  it('says which rule the server refused', async () => {
    fakeApi(fetchMock, {
      'GET /api/Review/Rexer/Mine': [200, { Review: null, Suggested: { DisplayName: 'Pia', Town: 'Roma' } }],
    });
    await show(
      vi.fn(async () => {
        throw new ApiError('refused', 400, { ExceptionType: 253, ExceptionTypeString: 'SiteReviewHasLink' });
      }),
    );
    await fillIn();
    fireEvent.click(screen.getByRole('checkbox', { name: /Acconsento/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Invia la recensione' }));
    expect(
      await screen.findByText('Togli il link: nelle recensioni non sono ammessi link a siti o profili.'),
    ).toBeTruthy();
  });

  it('refuses a name or a town that passes for Rexer or its staff, in the form and from the server', async () => {
    fakeApi(fetchMock, {
      'GET /api/Review/Rexer/Mine': [200, { Review: null, Suggested: { DisplayName: 'Pia', Town: 'Milano' } }],
    });
    const save = await show(
      vi.fn(async () => {
        throw new ApiError('refused', 400, { ExceptionType: 258, ExceptionTypeString: 'SiteReviewReservedName' });
      }),
    );
    await fillIn();
    fireEvent.click(screen.getByRole('checkbox', { name: /Acconsento/ }));
    fireEvent.change(screen.getByLabelText(/^Nome da pubblicare/), { target: { value: 'R\u0435x\u0435r' } });
    fireEvent.change(screen.getByLabelText(/^Comune da pubblicare/), { target: { value: 'Staff' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia la recensione' }));
    expect(await screen.findByText(translations.errors.displayNameReserved)).toBeTruthy();
    expect(screen.getByText(translations.errors.townReserved)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    // A real name that holds a reserved word inside another goes; the server's refusal is said too.
    fireEvent.change(screen.getByLabelText(/^Nome da pubblicare/), { target: { value: 'Staffan' } });
    fireEvent.change(screen.getByLabelText(/^Comune da pubblicare/), { target: { value: 'Staffolo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia la recensione' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(translations.errors.reservedName)).toBeTruthy();
    expect(screen.queryByText(translations.errors.displayNameReserved)).toBeNull();
  });

  it('shows a published review with the way to see it', async () => {
    fakeApi(fetchMock, {
      'GET /api/Review/Rexer/Mine': [
        200,
        { Review: saved({ Status: 'approved' }), Suggested: { DisplayName: 'Pia', Town: null } },
      ],
    });
    await show();
    expect(await screen.findByText('Pubblicata')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vedila in «Dicono di noi»' }).getAttribute('href')).toBe('/diconodinoi');
  });
});
