import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import contactForm from '../../../locales/it/contact-form.json';
import { createI18n, createServerI18n, createStaticI18n, usedNamespaces } from './i18n';
import { I18nProvider, useTranslation } from './react';
import { Trans } from './trans';

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status });
}

function Title({ ns = 'search' }: { ns?: string }) {
  const { t } = useTranslation(ns);
  return <h1>{t('title', { count: 2 })}</h1>;
}

describe('useTranslation', () => {
  it('suspends while its namespace loads, then renders it', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { i18n } = createI18n({ fetch }, { common: {} });
    render(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<p>Attendere</p>}>
          <Title />
        </Suspense>
      </I18nProvider>,
    );
    expect(screen.getByText('Attendere')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/locales/it/search.json', expect.anything());
    await act(async () => answer(jsonResponse({ title_one: 'Una casa', title_other: '{{count}} case' })));
    expect((await screen.findByRole('heading')).textContent).toBe('2 case');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('suspends on a missing namespace, then renders its keys', async () => {
    const fetch = vi.fn(async () => new Response('', { status: 404 }));
    const { i18n } = createI18n({ fetch }, { common: {} });
    render(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<p>Attendere</p>}>
          <Title ns="assente" />
        </Suspense>
      </I18nProvider>,
    );
    expect(screen.getByText('Attendere')).toBeTruthy();
    expect((await screen.findByRole('heading')).textContent).toBe('title');
  });

  it('without Suspense (useSuspense false) renders at once, not ready, and again when the namespace is there', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { i18n } = createI18n({ fetch });
    function Pending() {
      const { t, ready } = useTranslation('common', { useSuspense: false });
      return <p>{ready ? t('pending.label') : 'non pronto'}</p>;
    }
    render(
      <I18nProvider i18n={i18n}>
        <Pending />
      </I18nProvider>,
    );
    expect(screen.getByText('non pronto')).toBeTruthy();
    await act(async () => answer(jsonResponse({ pending: { label: 'Caricamento della pagina' } })));
    expect(await screen.findByText('Caricamento della pagina')).toBeTruthy();
  });

  it('gives the instance, whose exists() and ns: prefix reach other namespaces', () => {
    const i18n = createStaticI18n({ common: { ok: 'Va bene' }, places: { areas: { search: 'La ricerca' } } });
    function Area() {
      const { t, i18n: instance } = useTranslation('places');
      return (
        <p>
          {instance.exists('areas.search', { ns: 'places' }) ? t('areas.search') : '-'}{' '}
          {instance.exists('areas.valuation', { ns: 'places' }) ? 'sì' : 'no'} {t('common:ok')}
        </p>
      );
    }
    expect(
      renderToStaticMarkup(
        <I18nProvider i18n={i18n}>
          <Area />
        </I18nProvider>,
      ),
    ).toBe('<p>La ricerca no Va bene</p>');
  });
});

describe('a page rendered on the server', () => {
  it('never suspends, and reports every namespace its components used, the default one first', () => {
    const i18n = createServerI18n({
      common: { name: 'Rexer' },
      search: { title_one: 'Una casa', title_other: '{{count}} case' },
      listing: {},
    });
    function Page() {
      const { t } = useTranslation('listing');
      return (
        <main>
          <Title />
          <Title ns="favorites" />
          {t('card.rooms', { count: 3 })}
        </main>
      );
    }
    const html = renderToString(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<p>Attendere</p>}>
          <Page />
        </Suspense>
      </I18nProvider>,
    );
    expect(html).toContain('<h1>2 case</h1>');
    expect(html).toContain('<h1>title</h1>');
    expect(html).not.toContain('Attendere');
    expect(usedNamespaces(i18n)).toEqual(['common', 'listing', 'search', 'favorites']);
    // Another request's instance starts empty.
    expect(usedNamespaces(createServerI18n({}))).toEqual(['common']);
  });
});

describe('Trans', () => {
  const i18n = createStaticI18n({ 'contact-form': contactForm }, 'contact-form');
  const link = <a href="/privacy" target="_blank" rel="noopener noreferrer" />;

  it("renders the consent of the contact form as react-i18next's <Trans> did", () => {
    expect(
      renderToStaticMarkup(
        <Trans t={i18n.getFixedT(null, 'contact-form')} i18nKey="fields.consent" components={{ privacyLink: link }} />,
      ),
    ).toBe(
      'Ho letto l&#x27;<a href="/privacy" target="_blank" rel="noopener noreferrer">informativa privacy</a> e acconsento al trattamento dei miei dati per ricevere una risposta.',
    );
  });

  it('places named components, self-closing or nested, and leaves any other tag as text (as react-i18next 17)', () => {
    const texts = createStaticI18n({
      common: {
        closed: '<privacyLink/> dopo',
        nested: 'x <privacyLink>a <privacyLink>b</privacyLink></privacyLink>',
        unknown: 'q <unknown>u</unknown> <b>x</b> & fine',
        unclosed: 'inizio <privacyLink>senza fine',
      },
    });
    const html = (key: string) =>
      renderToStaticMarkup(<Trans t={texts.t} i18nKey={key} components={{ privacyLink: <a href="/p" /> }} />);
    expect(html('closed')).toBe('<a href="/p"></a> dopo');
    expect(html('nested')).toBe('x <a href="/p">a <a href="/p">b</a></a>');
    expect(html('unknown')).toBe('q &lt;unknown&gt;u&lt;/unknown&gt; &lt;b&gt;x&lt;/b&gt; &amp; fine');
    expect(html('unclosed')).toBe('inizio &lt;privacyLink&gt;senza fine');
  });
});
