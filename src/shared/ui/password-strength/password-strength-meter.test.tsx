import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, createStaticI18n } from '@/shared/i18n';
import common from '../../../../locales/it/common.json';
import { PasswordStrengthMeter } from './password-strength-meter';

const i18n = createStaticI18n({ common });

const meter = (password: string, userInputs?: string[]) =>
  render(
    <I18nProvider i18n={i18n}>
      <PasswordStrengthMeter password={password} userInputs={userInputs} />
    </I18nProvider>,
  );

describe('PasswordStrengthMeter', () => {
  it('shows nothing before the first character', () => {
    meter('');
    expect(screen.queryByTestId('password-strength')).toBeNull();
  });

  it('calls a common password weak, with advice, once the dictionaries have loaded', async () => {
    meter('Password1!');
    expect(
      await screen.findByText(new RegExp(common.passwordStrength.weak.replace('.', '\\.')), {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText(/troppo facile da indovinare/)).toBeTruthy();
    expect(screen.getByTestId('password-strength').dataset.level).toBe('weak');
  });

  it('calls a long personal password good or better, without advice', async () => {
    meter('Tetto.Rosso#Vicolo88');
    const label = await screen.findByText(/Sicurezza: (buona|ottima)\./, {}, { timeout: 10_000 });
    expect(label.textContent).not.toMatch(/troppo facile/);
  });

  it('judges the user’s own name with a few characters around it as weak', async () => {
    meter('Mario.Rossi1!', ['mario', 'rossi']);
    await screen.findByText(/troppo facile da indovinare/, {}, { timeout: 10_000 });
    expect(screen.getByTestId('password-strength').dataset.level).toBe('weak');
  });
});
