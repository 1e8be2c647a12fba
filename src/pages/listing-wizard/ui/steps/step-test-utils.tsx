import type { ComponentType } from 'react';
import { vi } from 'vitest';
import type { AnswerTypes, Flow, StepId, WizardAnswers } from '@domain/wizard-steps';
import { createStaticI18n } from '@/shared/i18n';
import { renderPage } from '@/shared/lib/test-utils';
import type { StepViewProps } from '@/features/wizard-step-views';
import common from '../../../../../locales/it/common.json';
import wizard from '../../../../../locales/it/wizard.json';
import listingWizard from '../../../../../locales/it/listing-wizard.json';
import { ListingWizardExtrasContext, type ListingWizardExtras } from '../../model/wizard-extras';

// Renders one of the listing wizard's own step views as its page does: inside a router, with a
// query client, the Italian copy and the page's extras (the summary's jumps, the draft's facts,
// step 30's password). The API is the test's fetch mock (`fakeApi`).

export const i18n = createStaticI18n(
  { 'listing-wizard': listingWizard, wizard, common } as Record<string, Record<string, unknown>>,
  'listing-wizard',
);

export interface StepRenderOptions<K extends StepId> {
  flow?: Flow;
  answer?: AnswerTypes[K];
  answers?: WizardAnswers;
  listingId?: number | null;
  busy?: boolean;
  error?: string | null;
  extras?: Partial<ListingWizardExtras>;
}

export async function renderStep<K extends StepId>(
  View: ComponentType<StepViewProps<K>>,
  step: K,
  options: StepRenderOptions<K> = {},
) {
  const onAnswer = vi.fn<(answer: AnswerTypes[K]) => void>();
  const extras: ListingWizardExtras = {
    goTo: vi.fn(),
    draft: null,
    username: 'giulia@esempio.it',
    account: 'silent',
    setFirstPassword: vi.fn(async () => 'ok' as const),
    openLogin: vi.fn(),
    ...options.extras,
  };
  const props: StepViewProps<K> = {
    step,
    flow: options.flow ?? 'sale',
    answer: options.answer,
    answers: options.answers ?? {},
    listingId: options.listingId ?? 41,
    busy: options.busy ?? false,
    error: options.error ?? null,
    onAnswer,
  };
  await renderPage(
    () => (
      <ListingWizardExtrasContext.Provider value={extras}>
        <View {...props} />
      </ListingWizardExtrasContext.Provider>
    ),
    { i18n, path: '/annuncio/vendocasa/41/27', otherRoutes: { '/immobile/$id': () => null } },
  );
  return { onAnswer, extras };
}
