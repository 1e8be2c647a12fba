import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, testI18n } from '@/shared/lib/test-utils';
import faqTranslations from '../../../../locales/it/faq.json';
import { FAQ_VARIANTS, type FaqVariant } from '../model/faq-variant';
import { FaqPage } from './faq-page';

const i18n = await testI18n({ faq: faqTranslations });

async function renderFaq(variant?: FaqVariant) {
  await renderPage(() => <FaqPage variant={variant} />, { i18n, path: variant ? `/faq/${variant}` : '/faq' });
  await screen.findByRole('heading', { level: 1 });
}

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
