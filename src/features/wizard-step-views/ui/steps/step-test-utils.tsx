import type { ComponentType } from 'react';
import { vi } from 'vitest';
import type { AnswerTypes, Flow, StepId, WizardAnswers } from '@domain/wizard-steps';
import { createStaticI18n } from '@/shared/i18n';
import { renderPage } from '@/shared/lib/test-utils';
import captcha from '../../../../../locales/it/captcha.json';
import common from '../../../../../locales/it/common.json';
import wizard from '../../../../../locales/it/wizard.json';
import type { StepViewProps } from '../../model/step-view';

// Renders one step view as a page would (inside a router, with a query client and the Italian
// copy), for the step views' tests. The API is the test's fetch mock (`fakeApi`).

export const i18n = createStaticI18n({ wizard, common, captcha } as Record<string, Record<string, unknown>>, 'wizard');
export const t = i18n.getFixedT('it', 'wizard');

export interface StepRenderOptions<K extends StepId> {
  flow?: Flow;
  answer?: AnswerTypes[K];
  answers?: WizardAnswers;
  busy?: boolean;
  error?: string | null;
  valuationId?: number | null;
}

export async function renderStep<K extends StepId>(
  View: ComponentType<StepViewProps<K>>,
  step: K,
  options: StepRenderOptions<K> = {},
) {
  const onAnswer = vi.fn<(answer: AnswerTypes[K]) => void>();
  const props: StepViewProps<K> = {
    step,
    flow: options.flow ?? 'valuation',
    answer: options.answer,
    answers: options.answers ?? {},
    listingId: null,
    busy: options.busy ?? false,
    error: options.error ?? null,
    valuationId: options.valuationId,
    onAnswer,
  };
  await renderPage(() => <View {...props} />, {
    i18n,
    path: '/valutocasa',
    otherRoutes: { '/privacy': () => null, '/terminiecondizioni': () => null, '/immobile/$id': () => null },
  });
  return { onAnswer };
}
