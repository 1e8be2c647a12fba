import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StepId } from '@domain/wizard-steps';
import { I18nProvider } from '@/shared/i18n';
import { StepHeading } from '@/shared/ui/step-form';
import { progressOf } from '../model/progress';
import { i18n } from './steps/step-test-utils';
import { WizardFrame, type WizardFrameProps } from './wizard-frame';

const PATH = [3, 4, 5, 6, 7, 8, 9, 36, 10, 11, 14, 13, 38, 37];

function frame(step: StepId, props: Partial<WizardFrameProps> = {}) {
  return (
    <I18nProvider i18n={i18n}>
      <WizardFrame step={step} progress={progressOf(PATH, step)} title="Valutazione gratuita" canGoBack onBack={() => {}} onExit={() => {}} {...props}>
        <StepHeading>{`Domanda ${step}`}</StepHeading>
        <input aria-label="campo" />
      </WizardFrame>
    </I18nProvider>
  );
}

describe('progressOf', () => {
  it('places the step on the expected path', () => {
    expect(progressOf(PATH, 'propertyType')).toEqual({ current: 1, total: 14 });
    expect(progressOf(PATH, 'heating')).toEqual({ current: 8, total: 14 });
  });
  it('counts the steps visited as done, so steps that leave the path keep the count going on', () => {
    // After the registration 0 and 1 leave the path, but the visitor answered them.
    expect(progressOf([3, 4, 5, 6, 7, 8, 9, 36, 10, 11, 14, 13, 38, 37], 'comparables', [3, 4, 5, 6, 7, 8, 9, 36, 10, 11, 0, 1])).toEqual({ current: 13, total: 15 });
  });
  it('counts a step off the path as the last one reached', () => {
    expect(progressOf(PATH, 'thankYou')).toEqual({ current: 14, total: 14 });
  });
});

describe('WizardFrame', () => {
  it('shows the progress as text and as a progress bar', () => {
    render(frame('surface'));
    const bar = screen.getByRole('progressbar', { name: 'Avanzamento' });
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(bar.getAttribute('aria-valuemax')).toBe('14');
    expect(bar.getAttribute('aria-valuetext')).toBe('Domanda 3 di 14');
    expect(screen.getByText('Domanda 3 di 14')).toBeTruthy();
  });

  it('offers Back only when the page says, and disables it while busy', () => {
    const onBack = vi.fn();
    const { rerender } = render(frame('surface', { onBack }));
    fireEvent.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(onBack).toHaveBeenCalledOnce();
    rerender(frame('surface', { onBack, busy: true }));
    expect((screen.getByRole('button', { name: 'Indietro' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(frame('surface', { canGoBack: false }));
    expect(screen.queryByRole('button', { name: 'Indietro' })).toBeNull();
  });

  it('asks before leaving: staying keeps the user on the step, leaving calls onExit', async () => {
    const onExit = vi.fn();
    render(frame('surface', { onExit }));
    fireEvent.click(screen.getByRole('button', { name: 'Esci' }));
    // The modal loads the first time it opens.
    const dialog = await screen.findByRole('dialog', { name: 'Vuoi uscire?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resta qui' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onExit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Esci' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Esci' }));
    expect(onExit).toHaveBeenCalledOnce();
  });

  it('has no Esci button without onExit', () => {
    render(frame('thankYou', { onExit: undefined }));
    expect(screen.queryByRole('button', { name: 'Esci' })).toBeNull();
  });

  it('focuses the first step heading when the page asks (the wizard opened by a button)', async () => {
    render(frame('propertyType', { focusFirstStep: true }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Domanda propertyType' })));
  });

  it('moves the focus to the new step heading when the step changes, not on the first step', async () => {
    const { rerender } = render(frame('propertyType'));
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Domanda propertyType' }));
    rerender(frame('surface'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Domanda surface' })));
  });
});
