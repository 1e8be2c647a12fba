import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import LoginStep from './login-step';
import { renderStep } from './step-test-utils';

const GOOD = 'Girasoli.Rossi#Molo58';
const fill = (password: string, repeat = password) => {
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Ripeti la password/), { target: { value: repeat } });
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Salva la password e pubblica' }));

describe('login (30)', () => {
  it('asks the silent account for its first password, checking the rule and the repetition first', async () => {
    const setFirstPassword = vi.fn(async () => 'ok' as const);
    await renderStep(LoginStep, 'login', { extras: { setFirstPassword } });
    expect(screen.getByRole('heading', { level: 1, name: 'Scegli la tua password' })).toBeTruthy();
    expect(screen.getByText(/Il tuo account è giulia@esempio.it/)).toBeTruthy();
    submit();
    expect(screen.getByText('Scegli una password.')).toBeTruthy();
    fill('corta');
    submit();
    expect(screen.getAllByText(/La password deve essere lunga minimo 8 caratteri/).length).toBeGreaterThan(1);
    fill(GOOD, 'Girasoli.Rossi#Molo59');
    submit();
    expect(screen.getByText('Le due password non sono uguali.')).toBeTruthy();
    expect(setFirstPassword).not.toHaveBeenCalled();
    fill(GOOD);
    submit();
    await waitFor(() => expect(setFirstPassword).toHaveBeenCalledWith(GOOD));
  });

  it('says why the server refused it, and offers the login when the account has a password already', async () => {
    const setFirstPassword = vi
      .fn<() => Promise<'PasswordTooWeak' | 'PasswordAlreadySet'>>()
      .mockResolvedValueOnce('PasswordTooWeak')
      .mockResolvedValueOnce('PasswordAlreadySet');
    const { extras } = await renderStep(LoginStep, 'login', { extras: { setFirstPassword } });
    fill(GOOD);
    submit();
    expect(
      await screen.findByText('Questa password è troppo facile da indovinare: allungala o rendila meno prevedibile.'),
    ).toBeTruthy();
    submit();
    expect(await screen.findByText('Il tuo account ha già una password: accedi per pubblicare.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(extras.openLogin).toHaveBeenCalledWith('giulia@esempio.it');
  });

  it('shows the password typed when asked', async () => {
    await renderStep(LoginStep, 'login');
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).type).toBe('password');
    fireEvent.click(screen.getByLabelText('Mostra la password'));
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).type).toBe('text');
  });

  it('asks a visitor without a session to log in', async () => {
    const { extras } = await renderStep(LoginStep, 'login', { extras: { account: 'anonymous' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(extras.openLogin).toHaveBeenCalled();
  });
});
