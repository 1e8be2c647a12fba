import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import faqTranslations from '../../../../locales/it/faq.json';
import { FAQ_VARIANTS, type FaqVariant } from '../model/faq-variant';
import { FaqPage } from './faq-page';

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng: 'it',
  ns: ['faq'],
  resources: { it: { faq: faqTranslations } },
  interpolation: { escapeValue: false },
});

async function renderFaq(variant?: FaqVariant) {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const page = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <FaqPage variant={variant} /> });
  const router = createRouter({ routeTree: rootRoute.addChildren([page]), history: createMemoryHistory() });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
}

// The router restores scroll on navigation; jsdom has no layout to scroll.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

describe('FaqPage', () => {
  it.each([undefined, ...FAQ_VARIANTS])('variant %s shows between 8 and 12 questions, all closed', async (variant) => {
    await renderFaq(variant);
    const items = document.querySelectorAll('details');
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(items.length).toBeLessThanOrEqual(12);
    items.forEach((item) => expect(item.open).toBe(false));
  });

  it('marks the current variant in the topic navigation', async () => {
    await renderFaq('affittocasa');
    const nav = screen.getByRole('navigation', { name: 'Domande frequenti per argomento' });
    const current = nav.querySelector('[aria-current="page"]');
    expect(current?.textContent).toBe('Affitto casa');
    expect(current?.getAttribute('href')).toBe('/faq/affittocasa');
  });

  it('opens an answer when its question is activated', async () => {
    await renderFaq('vendocasa');
    const question = screen.getByText('Come funziona la valutazione gratuita?');
    const details = question.closest('details');
    expect(details?.open).toBe(false);
    fireEvent.click(question);
    expect(details?.open).toBe(true);
  });
});
