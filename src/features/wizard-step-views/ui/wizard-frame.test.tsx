import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { wizardProgress } from '@domain/wizard-progress';
import type { StepId } from '@domain/wizard-steps';
import { I18nProvider } from '@/shared/i18n';
import { StepHeading } from '@/shared/ui/step-form';
import { i18n } from './steps/step-test-utils';
import { WizardFrame, type WizardFrameProps } from './wizard-frame';

function frame(step: StepId, props: Partial<WizardFrameProps> = {}) {
  return (
    <I18nProvider i18n={i18n}>
      <WizardFrame
        step={step}
        progress={wizardProgress('valuation', step, 'loggedIn')}
        title="Valutazione gratuita"
        canGoBack
        onBack={() => {}}
        onExit={() => {}}
        {...props}
      >
        <StepHeading>{`Domanda ${step}`}</StepHeading>
        <input aria-label="campo" />
      </WizardFrame>
    </I18nProvider>
  );
}

describe('WizardFrame', () => {
  it('shows the progress as text and as a progress bar', () => {
    render(frame('surface'));
    const bar = screen.getByRole('progressbar', { name: 'Avanzamento' });
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(bar.getAttribute('aria-valuemax')).toBe('13');
    expect(bar.getAttribute('aria-valuetext')).toBe('Domanda 3 di 13');
    expect(screen.getByText('Domanda 3 di 13')).toBeTruthy();
  });

  it('says the last steps past the questions, the bar full', () => {
    render(frame('thankYou'));
    const bar = screen.getByRole('progressbar', { name: 'Avanzamento' });
    expect(bar.getAttribute('aria-valuetext')).toBe('Ultimi passaggi');
    expect(screen.getByText('Ultimi passaggi')).toBeTruthy();
    expect(screen.queryByText(/^Domanda \d/)).toBeNull();
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
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Domanda propertyType' })),
    );
  });

  it('moves the focus to the new step heading when the step changes, not on the first step', async () => {
    const { rerender } = render(frame('propertyType'));
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Domanda propertyType' }));
    rerender(frame('surface'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Domanda surface' })));
  });

  it('opens a new step at the top of the page, the heading focused without scrolling it under the header', async () => {
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    const { rerender } = render(frame('propertyType'));
    expect(scrollTo).not.toHaveBeenCalled();
    rerender(frame('surface'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Domanda surface' })));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    focus.mockRestore();
  });
});
