import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isValidAnswer, type PersonalData } from '@domain/wizard-steps';
import PersonalDataStep, { PHONE_PREFIXES, personalDataProblems } from './personal-data-step';
import { renderStep } from './step-test-utils';

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continua' }));

describe('PersonalDataStep (0)', () => {
  it('asks who gets the valuation, with the legal pages linked', async () => {
    await renderStep(PersonalDataStep, 'personalData');
    expect(screen.getByRole('heading', { level: 1, name: 'Chi riceve la valutazione?' })).toBeTruthy();
    expect((screen.getByLabelText('Prefisso') as HTMLSelectElement).value).toBe('+39');
    expect(screen.getByRole('link', { name: /termini e condizioni/ }).getAttribute('href')).toBe('/terminiecondizioni');
    expect(screen.getByRole('link', { name: /informativa sulla privacy/ }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('group', { name: 'Consensi' })).toBeTruthy();
  });

  it('asks the listing question in a listing', async () => {
    await renderStep(PersonalDataStep, 'personalData', { flow: 'sale' });
    expect(screen.getByRole('heading', { level: 1, name: "Chi pubblica l'annuncio?" })).toBeTruthy();
  });

  it('refuses missing names, a wrong phone and the required consents, each with its message', async () => {
    const { onAnswer } = await renderStep(PersonalDataStep, 'personalData');
    type(/^Telefono/, '12ab');
    submit();
    expect(screen.getByText('Scrivi il tuo nome.')).toBeTruthy();
    expect(screen.getByText('Scrivi il tuo cognome.')).toBeTruthy();
    expect(screen.getByText('Scrivi un numero di telefono valido: da 6 a 15 cifre.')).toBeTruthy();
    expect(screen.getByText('Per continuare devi accettare i termini e condizioni.')).toBeTruthy();
    expect(screen.getByText("Per continuare devi confermare di aver letto l'informativa sulla privacy.")).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('says in Italian why a name with a link or an invisible character is refused', async () => {
    const { onAnswer } = await renderStep(PersonalDataStep, 'personalData');
    type(/^Nome/, 'Visita evil.com');
    type(/^Cognome/, 'Ros\u200esi');
    submit();
    expect(
      screen.getByText(
        'Il nome può contenere solo lettere, spazi, apostrofi, trattini e punti: niente numeri, simboli, indirizzi web o caratteri invisibili.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Il cognome può contenere solo lettere, spazi, apostrofi, trattini e punti: niente numeri, simboli, indirizzi web o caratteri invisibili.',
      ),
    ).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('hands the data with the consents given, the optional ones false', async () => {
    const { onAnswer } = await renderStep(PersonalDataStep, 'personalData');
    type(/^Nome/, ' Giulia ');
    type(/^Cognome/, 'Rossi');
    type(/^Telefono/, '333 123  4567');
    fireEvent.click(screen.getByRole('checkbox', { name: /termini e condizioni/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /informativa sulla privacy/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /offerte dei partner/ }));
    submit();
    expect(onAnswer).toHaveBeenCalledWith({
      name: 'Giulia',
      surname: 'Rossi',
      phonePrefix: '+39',
      phone: '333 123 4567',
      termsAndConditions: true,
      privacy: true,
      commercialConsent: false,
      partnerConsent: true,
    });
  });

  it('finds nothing wrong exactly when the step table accepts the data (the view checks without it)', () => {
    const valid: PersonalData = {
      name: 'Giulia',
      surname: 'Rossi',
      phonePrefix: '+39',
      phone: '333 123 4567',
      termsAndConditions: true,
      privacy: true,
      commercialConsent: false,
      partnerConsent: true,
    };
    const cases: PersonalData[] = [
      valid,
      { ...valid, name: '' },
      { ...valid, name: 'a'.repeat(60) },
      { ...valid, name: 'a'.repeat(61) },
      { ...valid, surname: '' },
      { ...valid, surname: 'b'.repeat(61) },
      { ...valid, name: "Maria-Grazia D'Amico" },
      { ...valid, surname: 'De’ Medici' },
      { ...valid, name: 'Giulia\u2028Rossi' },
      { ...valid, name: '\u202eailuiG' },
      { ...valid, surname: 'Ros\u200bsi' },
      { ...valid, surname: 'Rossi\u200e' },
      { ...valid, name: 'Visita evil.com' },
      { ...valid, surname: 'https://evil.example' },
      { ...valid, phone: '12345' },
      { ...valid, phone: '123456' },
      { ...valid, phone: '1'.repeat(15) },
      { ...valid, phone: '1'.repeat(16) },
      { ...valid, phone: '333-1234567' },
      { ...valid, phone: '333 1234 567' },
      { ...valid, termsAndConditions: false },
      { ...valid, privacy: false },
      ...PHONE_PREFIXES.map((phonePrefix) => ({ ...valid, phonePrefix })),
    ];
    for (const data of cases)
      expect([data, Object.keys(personalDataProblems(data)).length === 0]).toEqual([
        data,
        isValidAnswer('personalData', data, {}),
      ]);
  });
});
