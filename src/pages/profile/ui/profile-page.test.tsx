import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeProfile } from '@/entities/account';
import { fakeApi as answerApi, renderPage as renderAt, testI18n } from '@/shared/lib/test-utils';
import profileTranslations from '../../../../locales/it/profile.json';
import { ProfilePage } from './profile-page';

// The API client may keep the fetch it finds when its module loads, so the fake goes in first.
const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ profile: profileTranslations });

const RULE = profileTranslations.password.rule;

function meBody(overrides: Partial<MeProfile> = {}): MeProfile {
  return {
    id: 7,
    email: 'pia.sala@example.it',
    username: 'pia.sala@example.it',
    name: 'Pia',
    surname: 'Sala',
    phone: '333 1234567',
    phonePrefix: '+39',
    portal: 5,
    AccessType: 0,
    Provider: 'local',
    RegistrationConfirmed: true,
    CanChangePassword: true,
    IsModerator: false,
    businessName: 0,
    companyName: null,
    pecAddress: null,
    VATNumber: null,
    uniqueCode: null,
    referentName: null,
    referentSurname: null,
    referentPhone: null,
    birthdayDate: '1990-04-12',
    birthdayCity: 'Milano',
    birthdayCountry: 'Italia',
    sex: 'F',
    fiscalCode: 'SLAPIA90D52F205X',
    address: 'Via Padova',
    number: '45',
    city: 'Milano',
    postalCode: '20127',
    province: 'MI',
    country: 'IT',
    termsConsent: true,
    privacyConsent: true,
    termsAndPrivacyConsent: true,
    commercialConsent: false,
    partnerConsent: true,
    avatar: null,
    favorites: [],
    ...overrides,
  };
}

/** A JSON body as an object; any other body (a multipart upload) as its text. */
/** A fake API: Me, the address list and the sessions, and whatever answers a test gives for the other calls (the rest answer Ok). */
function fakeApi(me: MeProfile, answers: Record<string, (body: unknown) => [number, unknown]> = {}) {
  const given = Object.fromEntries(
    Object.entries(answers).map(([key, answer]) => [key, ({ body }: { body: unknown }) => answer(body)]),
  );
  return answerApi(
    fetchMock,
    {
      'GET /api/Account/Me': () => [200, me],
      'GET /api/user/Addresses': [200, { Addresses: [] }],
      'GET /api/User/Sessions': [200, { Sessions: [] }],
      ...given,
    },
    // Every other call of the profile succeeds.
    { otherwise: [200, { Ok: true }] },
  );
}

function renderPage(onAccountDeleted = vi.fn()) {
  void renderAt(() => <ProfilePage onAccountDeleted={onAccountDeleted} />, { i18n, path: '/myrexer/profilo' });
  return { onAccountDeleted };
}

describe('ProfilePage', () => {
  beforeEach(() => {
    fetchMock.mockReset();
  });

  it('fills the private-data form from the me call', async () => {
    fakeApi(meBody());
    renderPage();
    const form = await screen.findByTestId('private-data-form');
    expect(within(form).getByRole('textbox', { name: /^Nome/ })).toHaveProperty('value', 'Pia');
    expect(within(form).getByRole('textbox', { name: /^Codice fiscale/ })).toHaveProperty('value', 'SLAPIA90D52F205X');
    expect(within(form).getByRole('textbox', { name: /^CAP/ })).toHaveProperty('value', '20127');
    expect(within(form).getByRole('combobox', { name: 'Sesso' })).toHaveProperty('value', 'F');
    expect(screen.queryByTestId('company-data-form')).toBeNull();
    expect(screen.getByRole('radio', { name: /Privato/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: /Offerte dei partner/ })).toHaveProperty('checked', true);
  });

  it('switches to a company account and shows the company form from the reloaded profile', async () => {
    const me = meBody();
    const api = fakeApi(me, {
      'PUT /api/User/ChangeBusinessName': (body) => {
        me.businessName = (body as { businessName: number }).businessName;
        return [200, { Ok: true }];
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: /Azienda/ }));

    expect(await screen.findByTestId('company-data-form')).toBeTruthy();
    expect(api.sent('PUT /api/User/ChangeBusinessName').map((call) => call.body)).toEqual([{ businessName: 1 }]);
    expect(screen.queryByTestId('private-data-form')).toBeNull();
    expect(screen.getByRole('textbox', { name: /^Ragione sociale/ })).toBeTruthy();
    expect(screen.getByText('Tipo di account aggiornato. Controlla i dati qui sotto.')).toBeTruthy();
  });

  it('shows the password rule for a password that breaks it and sends nothing', async () => {
    const api = fakeApi(meBody());
    renderPage();
    const form = await screen.findByTestId('password-form');
    fireEvent.change(within(form).getByLabelText('Password attuale'), { target: { value: 'Vecchia#2024' } });
    fireEvent.change(within(form).getByLabelText('Nuova password'), { target: { value: 'password' } });
    fireEvent.change(within(form).getByLabelText('Ripeti la nuova password'), { target: { value: 'password' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Cambia la password' }));

    expect(await within(form).findByText(RULE)).toBeTruthy();
    expect(within(form).getByLabelText('Nuova password').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('PUT /api/user/updatePassword')).toHaveLength(0);

    fireEvent.click(within(form).getByRole('button', { name: 'Regole della password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regole della password' });
    expect(within(dialog).getByText(RULE)).toBeTruthy();
  });

  it('sends a password that follows the rule and names a wrong current password beside its field', async () => {
    const api = fakeApi(meBody(), {
      'PUT /api/user/updatePassword': () => [400, { ExceptionType: 40, ExceptionTypeString: 'WrongCredentials' }],
    });
    renderPage();
    const form = await screen.findByTestId('password-form');
    fireEvent.change(within(form).getByLabelText('Password attuale'), { target: { value: 'Sbagliata#1' } });
    fireEvent.change(within(form).getByLabelText('Nuova password'), { target: { value: 'Nuova#Casa2026' } });
    fireEvent.change(within(form).getByLabelText('Ripeti la nuova password'), { target: { value: 'Nuova#Casa2026' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Cambia la password' }));

    expect(await within(form).findByText('La password attuale non è corretta.')).toBeTruthy();
    expect(api.sent('PUT /api/user/updatePassword').map((call) => call.body)).toEqual([
      { username: 'pia.sala@example.it', oldPassword: 'Sbagliata#1', newPassword: 'Nuova#Casa2026' },
    ]);
    expect(within(form).getByLabelText('Nuova password')).toHaveProperty('value', 'Nuova#Casa2026');
  });

  it('explains beside the field a new password the server finds too easy to guess or breached', async () => {
    for (const [answer, message] of [
      ['PasswordTooWeak', profileTranslations.password.errors.weak],
      ['PasswordBreached', profileTranslations.password.errors.breached],
    ] as const) {
      fakeApi(meBody(), {
        'PUT /api/user/updatePassword': () => [400, { ExceptionType: 51, ExceptionTypeString: answer }],
      });
      renderPage();
      const form = await screen.findByTestId('password-form');
      fireEvent.change(within(form).getByLabelText('Password attuale'), { target: { value: 'Vecchia#2024x' } });
      fireEvent.change(within(form).getByLabelText('Nuova password'), { target: { value: 'Juventus#1897' } });
      fireEvent.change(within(form).getByLabelText('Ripeti la nuova password'), { target: { value: 'Juventus#1897' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Cambia la password' }));
      expect(await within(form).findByText(message)).toBeTruthy();
      expect(within(form).getByLabelText('Nuova password').getAttribute('aria-invalid')).toBe('true');
      cleanup();
    }
  });

  it('explains that a social-login account has no password to change', async () => {
    fakeApi(meBody({ CanChangePassword: false, Provider: 'Google' }));
    renderPage();
    expect((await screen.findByTestId('password-social')).textContent).toContain('Google');
    expect(screen.queryByTestId('password-form')).toBeNull();
  });

  it('keeps what was typed and explains a refused save', async () => {
    const api = fakeApi(meBody(), {
      'PUT /api/user/UpdatePrivateData': () => [400, { ExceptionType: 1, ExceptionTypeString: 'ValidationError' }],
    });
    renderPage();
    const form = await screen.findByTestId('private-data-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nome/ }), { target: { value: 'Pia Maria' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salva i dati personali' }));

    expect((await within(form).findByRole('alert')).textContent).toContain('Alcuni dati non sono nel formato giusto');
    expect(within(form).getByRole('textbox', { name: /^Nome/ })).toHaveProperty('value', 'Pia Maria');
    expect(api.sent('PUT /api/user/UpdatePrivateData')[0].body).toMatchObject({
      name: 'Pia Maria',
      fiscalCode: 'SLAPIA90D52F205X',
      residentialAddress: { postalCode: '20127', province: 'MI' },
    });
  });

  it('points at a wrong postal code and province without calling the API', async () => {
    const api = fakeApi(meBody());
    renderPage();
    const form = await screen.findByTestId('address-shipping');
    // Optional and empty: nothing is marked as required.
    expect(within(form).queryByText(/obbligatorio/)).toBeNull();
    fireEvent.change(within(form).getByRole('textbox', { name: /^Via o piazza/ }), { target: { value: 'Via Roma' } });
    // Being filled: now every field is needed, and says so.
    expect(within(form).getAllByText(/obbligatorio/).length).toBeGreaterThanOrEqual(5);
    fireEvent.change(within(form).getByRole('textbox', { name: /^Numero civico/ }), { target: { value: '1' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Comune/ }), { target: { value: 'Torino' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^CAP/ }), { target: { value: '101' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Provincia/ }), { target: { value: 'T' } });
    // The billing address, left empty, stays unmarked.
    expect(within(screen.getByTestId('address-billing')).queryByText(/obbligatorio/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Salva gli indirizzi' }));

    expect(await within(form).findByText('Il CAP è fatto di 5 cifre, ad esempio 20121.')).toBeTruthy();
    expect(within(form).getByText('Scrivi la sigla della provincia: due lettere, ad esempio MI.')).toBeTruthy();
    expect(api.sent('PUT /api/user/Addresses/shipping')).toHaveLength(0);
  });

  it('saves both optional addresses with one button, only the ones filled in', async () => {
    const api = fakeApi(meBody(), { 'PUT /api/user/Addresses/shipping': () => [200, { Ok: true }] });
    renderPage();
    const form = await screen.findByTestId('address-shipping');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Via o piazza/ }), { target: { value: 'Via Roma' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Numero civico/ }), { target: { value: '1' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Comune/ }), { target: { value: 'Torino' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^CAP/ }), { target: { value: '10121' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Provincia/ }), { target: { value: 'to' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva gli indirizzi' }));
    await waitFor(() => expect(api.sent('PUT /api/user/Addresses/shipping')).toHaveLength(1));
    expect(api.sent('PUT /api/user/Addresses/shipping')[0].body).toMatchObject({
      city: 'Torino',
      postalCode: '10121',
      province: 'TO',
    });
    expect(api.sent('PUT /api/user/Addresses/billing')).toHaveLength(0);
  });

  it("shows the account's e-mail address", async () => {
    fakeApi(meBody());
    renderPage();
    expect((await screen.findByTestId('profile-email')).textContent).toContain(String(meBody().email));
  });

  it('deletes the account from the confirmation dialog once the password is confirmed, and tells the app', async () => {
    let attempts = 0;
    const api = fakeApi(meBody(), {
      'POST /api/User/Reauthenticate': (body) => {
        attempts++;
        return (body as { password: string }).password === 'Giusta#Password77'
          ? [200, { Ok: true }]
          : [400, { ExceptionType: 40, ExceptionTypeString: 'WrongCredentials' }];
      },
    });
    const { onAccountDeleted } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina il mio account' }));
    const dialog = await screen.findByRole('dialog', { name: "Vuoi davvero eliminare l'account?" });
    const confirm = within(dialog).getByRole('button', { name: "Sì, elimina l'account" });
    // Nothing to send before the password is typed.
    expect(confirm.hasAttribute('disabled')).toBe(true);

    fireEvent.change(within(dialog).getByLabelText('La tua password'), { target: { value: 'Sbagliata#1' } });
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('La password non è corretta.')).toBeTruthy();
    expect(api.sent('DELETE /api/user/7')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('La tua password'), { target: { value: 'Giusta#Password77' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(onAccountDeleted).toHaveBeenCalledTimes(1));
    expect(attempts).toBe(2);
    expect(api.sent('DELETE /api/user/7')).toHaveLength(1);
  });

  it('lists the devices, marks this one, and ends another or all the others', async () => {
    let sessions = [
      {
        Id: 1,
        Browser: 'Chrome',
        System: 'Windows',
        DeviceType: 'desktop',
        Ip: '203.0.113.4',
        CreatedAt: '2026-11-20T08:00:00Z',
        LastUsedAt: '2026-11-23T09:15:00Z',
        Current: true,
      },
      {
        Id: 2,
        Browser: 'Safari',
        System: 'iPhone',
        DeviceType: 'mobile',
        Ip: '198.51.100.7',
        CreatedAt: '2026-11-01T08:00:00Z',
        LastUsedAt: '2026-11-22T20:40:00Z',
        Current: false,
      },
      {
        Id: 3,
        Browser: null,
        System: null,
        DeviceType: 'unknown',
        Ip: null,
        CreatedAt: '2026-10-01T08:00:00Z',
        LastUsedAt: '2026-10-02T08:00:00Z',
        Current: false,
      },
    ];
    const api = fakeApi(meBody(), {
      'GET /api/User/Sessions': () => [200, { Sessions: sessions }],
      'DELETE /api/User/Sessions/2': () => {
        sessions = sessions.filter((s) => s.Id !== 2);
        return [200, { Ok: true }];
      },
      'POST /api/User/Sessions/EndOthers': () => {
        sessions = sessions.filter((s) => s.Current);
        return [200, { Ok: true, Ended: 1 }];
      },
    });
    renderPage();
    const section = await screen.findByTestId('sessions');
    const items = await within(section).findAllByTestId('session');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Chrome su Windows.*Questo dispositivo.*Ultimo accesso: 23 novembre 2026/),
      expect.stringMatching(/^Safari su iPhone.*Ultimo accesso: 22 novembre 2026.*Esci$/),
      expect.stringMatching(/^Dispositivo sconosciuto/),
    ]);
    expect(within(items[0]).queryByRole('button', { name: 'Esci' })).toBeNull();

    fireEvent.click(within(items[1]).getByRole('button', { name: 'Esci' }));
    await waitFor(() => expect(within(section).getAllByTestId('session')).toHaveLength(2));
    expect(api.sent('DELETE /api/User/Sessions/2')).toHaveLength(1);

    fireEvent.click(within(section).getByRole('button', { name: 'Esci da tutti gli altri dispositivi' }));
    await waitFor(() => expect(within(section).getAllByTestId('session')).toHaveLength(1));
    expect(within(section).getByText('Fatto: sei uscito da tutti gli altri dispositivi.')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Esci da tutti gli altri dispositivi' })).toBeNull();
  });

  it('asks for the password when the server wants a recent login for a new phone, then saves it', async () => {
    let confirmed = false;
    const api = fakeApi(meBody(), {
      'POST /api/user/updatePhone': () =>
        confirmed ? [200, { Ok: true }] : [403, { ExceptionType: 65, ExceptionTypeString: 'RecentLoginRequired' }],
      'POST /api/User/Reauthenticate': () => {
        confirmed = true;
        return [200, { Ok: true }];
      },
    });
    renderPage();
    const form = await screen.findByTestId('phone-form');
    fireEvent.change(within(form).getByLabelText(/^Numero/), { target: { value: '333 7654321' } });
    fireEvent.submit(form);
    const identity = await screen.findByTestId('confirm-identity');
    expect(within(form).getByText(profileTranslations.identity.required)).toBeTruthy();
    fireEvent.change(within(identity).getByLabelText('Password attuale'), { target: { value: 'Giusta#Password77' } });
    fireEvent.click(within(identity).getByRole('button', { name: 'Conferma' }));
    await waitFor(() => expect(api.sent('POST /api/user/updatePhone')).toHaveLength(2));
    expect(api.sent('POST /api/user/updatePhone')[1].body).toMatchObject({ phone: '333 7654321' });
    await waitFor(() => expect(screen.queryByTestId('confirm-identity')).toBeNull());
  });

  it('downloads the account data as a file, asking for the password first when the server wants a recent login', async () => {
    let confirmed = false;
    const api = fakeApi(meBody(), {
      'GET /api/User/Export': () =>
        confirmed
          ? [200, { format: 1, account: { email: 'pia.sala@example.it' } }]
          : [403, { ExceptionType: 65, ExceptionTypeString: 'RecentLoginRequired' }],
      'POST /api/User/Reauthenticate': () => {
        confirmed = true;
        return [200, { Ok: true }];
      },
    });
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    const createObjectURL = vi.fn((blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    });
    // jsdom has no object URLs: the page's are recorded here, and the real ones put back after.
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! });
    });
    try {
      renderPage();
      const section = (await screen.findByRole('heading', { name: 'Scarica i tuoi dati' })).closest('section')!;
      expect(within(section).getByText(profileTranslations.data.intro)).toBeTruthy();
      fireEvent.click(within(section).getByRole('button', { name: 'Scarica i tuoi dati' }));
      const identity = await within(section).findByTestId('confirm-identity');
      expect(saved).toHaveLength(0);
      fireEvent.change(within(identity).getByLabelText('Password attuale'), { target: { value: 'Giusta#Password77' } });
      fireEvent.click(within(identity).getByRole('button', { name: 'Conferma' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(api.sent('GET /api/User/Export')).toHaveLength(2);
      expect(saved[0].name).toMatch(/^rexer-dati.*\.json$/);
      expect(JSON.parse(await saved[0].blob.text())).toMatchObject({ account: { email: 'pia.sala@example.it' } });
      expect(await within(section).findByText(profileTranslations.data.done)).toBeTruthy();
      expect(within(section).queryByTestId('confirm-identity')).toBeNull();
    } finally {
      click.mockRestore();
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
  });

  it('says when the data were downloaded too often in the last hour', async () => {
    fakeApi(meBody(), {
      'GET /api/User/Export': () => [429, { ExceptionType: 8, ExceptionTypeString: 'TooManyRequests' }],
    });
    renderPage();
    const section = (await screen.findByRole('heading', { name: 'Scarica i tuoi dati' })).closest('section')!;
    fireEvent.click(within(section).getByRole('button', { name: 'Scarica i tuoi dati' }));
    expect(await within(section).findByText(profileTranslations.data.tooMany)).toBeTruthy();
  });

  it('sends a social-only account to its provider to confirm who it is before deleting', async () => {
    fakeApi(meBody({ CanChangePassword: false, Provider: 'Google' }), {
      'DELETE /api/user/7': () => [403, { ExceptionType: 65, ExceptionTypeString: 'RecentLoginRequired' }],
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina il mio account' }));
    const dialog = await screen.findByRole('dialog', { name: "Vuoi davvero eliminare l'account?" });
    expect(within(dialog).queryByLabelText('La tua password')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: "Sì, elimina l'account" }));
    const link = await within(dialog).findByRole('link', { name: 'Accedi di nuovo con Google' });
    expect(link.getAttribute('href')).toBe('/api/Account/SocialLogin?returnTo=%2Fmyrexer%2Fprofilo');
  });

  it.each([
    ['ImageTooLarge', 25, 413, profileTranslations.avatar.errors.avatarPixels],
    ['FileTooLarge', 20, 413, profileTranslations.avatar.errors.avatarSize],
    ['InvalidFileType', 21, 415, profileTranslations.avatar.errors.avatarType],
    ['UploadBudgetExceeded', 26, 429, profileTranslations.avatar.errors.avatarBudget],
    ['ImageWorkBusy', 27, 503, profileTranslations.avatar.errors.avatarBusy],
  ])('says in Italian why the server refused a profile photo: %s', async (name, type, status, message) => {
    const api = fakeApi(meBody(), {
      'POST /api/user/Avatar': () => [status, { ExceptionType: type, ExceptionTypeString: name }],
    });
    renderPage();
    const form = await screen.findByTestId('avatar-form');
    fireEvent.change(within(form).getByLabelText('Scegli una foto'), {
      target: { files: [new File([new Uint8Array(64)], 'panorama.png', { type: 'image/png' })] },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Carica la foto' }));
    expect(await within(form).findByText(message)).toBeTruthy();
    expect(api.sent('POST /api/user/Avatar')).toHaveLength(1);
  });
});
