import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import captchaTranslations from '../../../../locales/it/captcha.json';
import { configQueryOptions } from '@/shared/api';
import { I18nProvider, createStaticI18n } from '@/shared/i18n';
import { CaptchaField } from './captcha-field';

// The widget itself is a web component; here only its loading and its strings are watched.
const setStrings = vi.hoisted(() => vi.fn());
vi.mock('altcha/external', () => {
  (globalThis as { $altcha?: unknown }).$altcha = { i18n: { set: setStrings }, algorithms: new Map() };
  return {};
});

const i18n = createStaticI18n({ captcha: captchaTranslations }, 'captcha');

function renderWith(provider: 'altcha' | 'recaptcha' | 'off', onChange = vi.fn(), siteKey: string | null = null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(configQueryOptions().queryKey, {
    CaptchaProvider: provider,
    RecaptchaSiteKey: siteKey,
  } as never);
  const tree = (callback: (token: string | null) => void) => (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <CaptchaField onChange={callback} />
      </QueryClientProvider>
    </I18nProvider>
  );
  const view = render(tree(onChange));
  return { onChange, rerender: (callback: (token: string | null) => void) => view.rerender(tree(callback)) };
}

afterEach(() => {
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('CaptchaField', () => {
  it('answers "off" once, and shows nothing, when the server has no captcha', async () => {
    const { onChange, rerender } = renderWith('off');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('off'));
    // A new callback on a later render (an inline arrow in the form) is not called again.
    const later = vi.fn();
    rerender(later);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(later).not.toHaveBeenCalled();
    expect(screen.queryByTestId('captcha')).toBeNull();
    expect(document.querySelector('altcha-widget')).toBeNull();
  });

  it('loads the ALTCHA widget on demand, in Italian, pointed at the challenge path, and passes on its payload', async () => {
    const { onChange } = renderWith('altcha');
    const box = await screen.findByTestId('captcha');
    const widget = await waitFor(() => {
      const element = box.querySelector('altcha-widget');
      expect(element).not.toBeNull();
      return element!;
    });
    expect(widget.getAttribute('challenge')).toBe('/api/Account/Captcha');
    expect(widget.getAttribute('auto')).toBe('onload');
    expect(widget.getAttribute('language')).toBe('it');
    expect(setStrings).toHaveBeenCalledWith(
      'it',
      expect.objectContaining({ label: 'Non sono un robot', verified: 'Verificato' }),
    );
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText(/Verifica anti-robot in corso/)).toBeTruthy();

    widget.dispatchEvent(
      new CustomEvent('statechange', { detail: { state: 'verified', payload: 'eyJzb2x1dGlvbiI6MX0=' } }),
    );
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('eyJzb2x1dGlvbiI6MX0='));
    expect(screen.getByText('Verifica anti-robot completata.')).toBeTruthy();
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'expired' } }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(null));
    expect(screen.getByText(/è scaduta/)).toBeTruthy();
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'error' } }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('renders reCAPTCHA with the site key and passes on its token', async () => {
    const render = vi.fn<
      (
        element: HTMLElement,
        options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void },
      ) => number
    >(() => 0);
    (window as { grecaptcha?: unknown }).grecaptcha = { ready: (callback: () => void) => callback(), render };
    try {
      const { onChange } = renderWith('recaptcha', vi.fn(), 'chiave-pubblica');
      await waitFor(() => expect(render).toHaveBeenCalled());
      const [element, options] = render.mock.calls[0]!;
      expect(element).toBe(screen.getByTestId('captcha'));
      expect(options.sitekey).toBe('chiave-pubblica');
      options.callback('risposta-google');
      expect(onChange).toHaveBeenLastCalledWith('risposta-google');
      options['expired-callback']();
      expect(onChange).toHaveBeenLastCalledWith(null);
    } finally {
      delete (window as { grecaptcha?: unknown }).grecaptcha;
    }
  });
});
