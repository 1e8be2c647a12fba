import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { provideSessionRuntime, type SessionRuntime } from '@/entities/session';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/account.json';
import { MailConfirmedPage } from './mail-confirmed-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ account: translations });
const TOKEN = 'c'.repeat(43);
const PASSWORD_TOKEN = 'p'.repeat(43);
const suspended = translations.confirm.suspended;

let runtime: {
  send: ReturnType<typeof vi.fn>;
  openLogin: ReturnType<typeof vi.fn>;
  adoptServerSession: ReturnType<typeof vi.fn>;
};
let confirmAnswer: [number, unknown];
let keepAnswer: [number, unknown];
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  fetchMock.mockReset();
  runtime = { send: vi.fn(() => true), openLogin: vi.fn(), adoptServerSession: vi.fn() };
  provideSessionRuntime(async () => runtime as unknown as SessionRuntime);
  confirmAnswer = [200, { Email: 'giulia@example.com', SessionKept: false }];
  keepAnswer = [200, { IsConfirmed: true, TermsAndPrivacyConfirmed: true }];
  api = fakeApi(fetchMock, {
    [`GET /api/Account/Confirm/${TOKEN}`]: () => confirmAnswer,
    'POST /api/Account/KeepPassword': () => keepAnswer,
    'POST /api/Account/NewPassword/Change': [200, { Ok: true }],
  });
});
afterEach(() => {
  cleanup();
  provideSessionRuntime(undefined);
});

const show = () =>
  renderPage(() => <MailConfirmedPage token={TOKEN} />, {
    i18n,
    path: `/mailconfermata/${TOKEN}`,
    otherRoutes: { '/myrexer/profilo': () => <p>profilo</p> },
  });

describe('MailConfirmedPage', () => {
  it('confirms and offers the login when no password was chosen elsewhere', async () => {
    await show();
    expect(
      await screen.findByText("Fatto! L'indirizzo giulia@example.com è confermato. Ora puoi accedere."),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accedi' })).toBeTruthy();
    expect(screen.queryByTestId('keep-password-form')).toBeNull();
    // Opened elsewhere, the silent session of the registration ends in this tab too.
    await vi.waitFor(() => expect(runtime.send).toHaveBeenCalledWith({ type: 'SILENT_LOGOUT' }));
  });

  it('keeps the session of the browser the link is opened in when the server kept it', async () => {
    confirmAnswer = [200, { Email: 'giulia@example.com', SessionKept: true }];
    await show();
    expect(
      await screen.findByText("Fatto! L'indirizzo giulia@example.com è confermato. Ora puoi accedere."),
    ).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runtime.send).not.toHaveBeenCalled();
  });

  it('leads an account without a password to choosing one, then to the login with it', async () => {
    confirmAnswer = [200, { Email: 'giulia@example.com', ChoosePasswordToken: PASSWORD_TOKEN, SessionKept: true }];
    await show();
    expect(await screen.findByText(translations.confirm.choose.why)).toBeTruthy();
    expect(screen.getByRole('heading', { name: translations.confirm.choose.title })).toBeTruthy();
    // No "Ora puoi accedere" with nothing to log in with.
    expect(screen.queryByText(/Ora puoi accedere/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accedi' })).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Nuova password/), { target: { value: 'Ortensie.Blu#Lago71' } });
    fireEvent.change(screen.getByLabelText(/^Ripeti la nuova password/), { target: { value: 'Ortensie.Blu#Lago71' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva la password' }));
    expect(await screen.findByText(translations.password.done)).toBeTruthy();
    expect(api.sent('POST /api/Account/NewPassword/Change').map((call) => call.body)).toEqual([
      { Token: PASSWORD_TOKEN, NewPassword: 'Ortensie.Blu#Lago71' },
    ]);
    // Saving the password ended the account's sessions: the silent one ends here too.
    await vi.waitFor(() => expect(runtime.send).toHaveBeenCalledWith({ type: 'SILENT_LOGOUT' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await vi.waitFor(() =>
      expect(runtime.openLogin).toHaveBeenCalledWith(
        expect.objectContaining({ email: 'giulia@example.com', notice: 'passwordChanged' }),
      ),
    );
  });

  describe('when the password chosen before the confirmation was suspended', () => {
    beforeEach(() => {
      confirmAnswer = [200, { Email: 'giulia@example.com', PasswordToken: PASSWORD_TOKEN, SessionKept: false }];
    });

    it('explains why in Italian and offers a new password or the one chosen, no plain login', async () => {
      await show();
      expect(await screen.findByText(suspended.why)).toBeTruthy();
      expect(screen.getByRole('heading', { name: suspended.newTitle })).toBeTruthy();
      expect(screen.getByRole('heading', { name: suspended.keepTitle })).toBeTruthy();
      expect(screen.getByTestId('mail-confirmed').dataset.password).toBe('suspended');
      expect(screen.queryByRole('button', { name: 'Accedi' })).toBeNull();
    });

    it('saves a new password with the token of the confirmation, then offers the login', async () => {
      await show();
      fireEvent.change(await screen.findByLabelText(/^Nuova password/), { target: { value: 'Ortensie.Blu#Lago71' } });
      fireEvent.change(screen.getByLabelText(/^Ripeti la nuova password/), {
        target: { value: 'Ortensie.Blu#Lago71' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Salva la password' }));
      expect(await screen.findByText(translations.password.done)).toBeTruthy();
      expect(api.sent('POST /api/Account/NewPassword/Change').map((call) => call.body)).toEqual([
        { Token: PASSWORD_TOKEN, NewPassword: 'Ortensie.Blu#Lago71' },
      ]);
      fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
      await vi.waitFor(() =>
        expect(runtime.openLogin).toHaveBeenCalledWith(
          expect.objectContaining({ email: 'giulia@example.com', notice: 'passwordChanged' }),
        ),
      );
    });

    it('keeps the password the visitor types right, and the session the server set is taken', async () => {
      await show();
      fireEvent.change(await screen.findByLabelText(/^La password che hai scelto/), {
        target: { value: 'Girasoli.Rossi#Molo58' },
      });
      fireEvent.click(screen.getByRole('button', { name: suspended.keepSubmit }));
      expect(await screen.findByText(suspended.kept)).toBeTruthy();
      expect(api.sent('POST /api/Account/KeepPassword').map((call) => call.body)).toEqual([
        { Token: PASSWORD_TOKEN, Password: 'Girasoli.Rossi#Molo58' },
      ]);
      await vi.waitFor(() => expect(runtime.adoptServerSession).toHaveBeenCalled());
    });

    it('says so when the password is not the one chosen, or the hour has passed', async () => {
      keepAnswer = [400, { ExceptionType: 40, ExceptionTypeString: 'WrongCredentials' }];
      await show();
      fireEvent.change(await screen.findByLabelText(/^La password che hai scelto/), {
        target: { value: 'Non.La.Mia#Password1' },
      });
      fireEvent.click(screen.getByRole('button', { name: suspended.keepSubmit }));
      expect(await screen.findByText(suspended.problems.wrongPassword)).toBeTruthy();
      keepAnswer = [400, { ExceptionType: 49, ExceptionTypeString: 'ExpiredToken' }];
      fireEvent.click(screen.getByRole('button', { name: suspended.keepSubmit }));
      expect(await screen.findByText(suspended.problems.expired)).toBeTruthy();
      expect(runtime.adoptServerSession).not.toHaveBeenCalled();
    });
  });
});
