import { render } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { vi } from 'vitest';
import type { AnswerTypes, StepId, WizardAnswers } from '@domain/wizard-steps';
import { I18nProvider, createStaticI18n } from '@/shared/i18n';
import common from '../../../../../locales/it/common.json';
import wizard from '../../../../../locales/it/wizard.json';
import type { StepViewProps } from '../../model/step-view';

// Renders one step view as a page would, with the Italian copy, for the step views' tests.

export const i18n = createStaticI18n({ wizard, common } as Record<string, Record<string, unknown>>, 'wizard');
export const t = i18n.getFixedT('it', 'wizard');

export interface StepRender<K extends StepId> {
  onAnswer: ReturnType<typeof vi.fn<(answer: AnswerTypes[K]) => void>>;
  rerender: (props: Partial<StepViewProps<K>>) => void;
}

export function renderStep<K extends StepId>(View: ComponentType<StepViewProps<K>>, step: K, props: Partial<StepViewProps<K>> & { answers?: WizardAnswers } = {}): StepRender<K> {
  const onAnswer = vi.fn<(answer: AnswerTypes[K]) => void>();
  const base: StepViewProps<K> = { step, flow: 'valuation', answer: undefined, answers: {}, listingId: null, busy: false, error: null, onAnswer, ...props };
  const ui = (p: StepViewProps<K>) => (
    <I18nProvider i18n={i18n}>
      <Suspense fallback={null}>
        <View {...p} />
      </Suspense>
    </I18nProvider>
  );
  const result = render(ui(base));
  return { onAnswer, rerender: (next) => result.rerender(ui({ ...base, ...next })) };
}
