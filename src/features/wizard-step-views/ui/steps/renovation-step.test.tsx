import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import RenovationStep from './renovation-step';
import { renderStep } from './step-test-utils';

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continua' }));

describe('RenovationStep (8)', () => {
  it('asks the condition among the four of the catalogue', async () => {
    await renderStep(RenovationStep, 'renovation');
    expect(screen.getByRole('heading', { level: 1, name: 'In che stato è?' })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    expect(screen.getByRole('radio', { name: /Da ristrutturare/ })).toBeTruthy();
  });

  it('refuses no condition, and a renovation before the construction', async () => {
    const { onAnswer } = await renderStep(RenovationStep, 'renovation');
    submit();
    expect(screen.getByText("Scegli lo stato dell'immobile.")).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Buono o abitabile/ }));
    fireEvent.change(screen.getByLabelText(/Anno di costruzione/), { target: { value: '1990' } });
    fireEvent.change(screen.getByLabelText(/Anno dell'ultima ristrutturazione/), { target: { value: '1985' } });
    submit();
    expect(screen.getByText('La ristrutturazione non può essere precedente alla costruzione (1990).')).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('hands the condition with the years, shown without a thousands dot', async () => {
    const { onAnswer } = await renderStep(RenovationStep, 'renovation');
    fireEvent.click(screen.getByRole('radio', { name: /Ottimo o ristrutturato/ }));
    const built = screen.getByLabelText(/Anno di costruzione/) as HTMLInputElement;
    fireEvent.change(built, { target: { value: '1965' } });
    expect(built.value).toBe('1965');
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ conditionId: 2, buildYear: 1965, renovationYear: null });
  });
});
