import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/shared/lib/test-utils';
import EmailStep from './email-step';
import { renderStep } from './step-test-utils';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

let provider: 'off' | 'altcha' = 'off';
beforeEach(() => {
  fetchMock.mockReset();
  fakeApi(fetchMock, { 'GET /api/config': () => [200, { CaptchaProvider: provider, RecaptchaSiteKey: null }] });
});

const field = () => screen.getByLabelText(/E-mail/) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continua' }));

describe('EmailStep (1)', () => {
  it('asks where to send the estimate', async () => {
    provider = 'off';
    await renderStep(EmailStep, 'email');
    expect(screen.getByRole('heading', { level: 1, name: 'A quale e-mail ti mandiamo la stima?' })).toBeTruthy();
    expect(field().type).toBe('email');
  });

  it('refuses an empty or malformed address with a message', async () => {
    provider = 'off';
    const { onAnswer } = await renderStep(EmailStep, 'email');
    submit();
    expect(screen.getByText('Scrivi la tua e-mail.')).toBeTruthy();
    fireEvent.change(field(), { target: { value: 'giulia@esempio' } });
    submit();
    expect(screen.getByText("Scrivi un'e-mail valida, per esempio nome@esempio.it.")).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('hands the address with the captcha token for the registration', async () => {
    provider = 'off';
    const { onAnswer } = await renderStep(EmailStep, 'email');
    fireEvent.change(field(), { target: { value: ' giulia@esempio.it ' } });
    await waitFor(() => {
      submit();
      expect(onAnswer).toHaveBeenCalledWith({ email: 'giulia@esempio.it', captchaToken: 'off' });
    });
  });

  it('waits for the captcha before going on', async () => {
    provider = 'altcha';
    const { onAnswer } = await renderStep(EmailStep, 'email');
    fireEvent.change(field(), { target: { value: 'giulia@esempio.it' } });
    submit();
    expect(screen.getByText('Attendi qualche secondo: stiamo verificando che tu non sia un robot.')).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
  });
});
