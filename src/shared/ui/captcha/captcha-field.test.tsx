import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import captchaTranslations from '../../../../locales/it/captcha.json';
import { configQueryOptions } from '@/shared/api';
import { CaptchaField } from './captcha-field';

// The widget itself is a web component; here only its loading is watched.
vi.mock('altcha', () => ({}));
vi.mock('altcha/i18n/it', () => ({}));

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ lng: 'it', ns: ['captcha'], resources: { it: { captcha: captchaTranslations } }, interpolation: { escapeValue: false } });

function renderWith(provider: 'altcha' | 'recaptcha' | 'off', onChange = vi.fn()) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(configQueryOptions().queryKey, { CaptchaProvider: provider, RecaptchaSiteKey: null } as never);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <CaptchaField onChange={onChange} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onChange;
}

describe('CaptchaField', () => {
  it('answers "off" at once when the server has no captcha', async () => {
    const onChange = renderWith('off');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('off'));
    expect(screen.queryByTestId('captcha')).toBeNull();
  });

  it('loads the ALTCHA widget on demand, pointed at the challenge path, and passes on its payload', async () => {
    const onChange = renderWith('altcha');
    const box = await screen.findByTestId('captcha');
    const widget = await waitFor(() => {
      const element = box.querySelector('altcha-widget');
      expect(element).not.toBeNull();
      return element!;
    });
    expect(widget.getAttribute('challenge')).toBe('/api/Account/Captcha');
    expect(widget.getAttribute('auto')).toBe('onload');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText(/Verifica anti-robot in corso/)).toBeTruthy();

    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: 'eyJzb2x1dGlvbiI6MX0=' } }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('eyJzb2x1dGlvbiI6MX0='));
    expect(screen.getByText('Verifica anti-robot completata.')).toBeTruthy();
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'expired' } }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(null));
  });
});
