import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CondoFeesStep from './condo-fees-step';
import { renderStep } from './step-test-utils';

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
const field = () => screen.getByLabelText(/Spese condominiali al mese/) as HTMLInputElement;

describe('CondoFeesStep (10)', () => {
  it('asks the monthly fees', async () => {
    await renderStep(CondoFeesStep, 'condoFees');
    expect(screen.getByRole('heading', { level: 1, name: 'Quanto sono le spese condominiali?' })).toBeTruthy();
  });

  it('refuses an empty amount and one past the limit', async () => {
    const { onAnswer } = await renderStep(CondoFeesStep, 'condoFees');
    submit();
    expect(screen.getByText("Scrivi l'importo mensile, oppure spunta «Non ci sono spese condominiali».")).toBeTruthy();
    fireEvent.change(field(), { target: { value: '150.000' } });
    submit();
    expect(screen.getByText("L'importo può essere al massimo 100.000 € al mese.")).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('hands the amount typed', async () => {
    const { onAnswer } = await renderStep(CondoFeesStep, 'condoFees');
    fireEvent.change(field(), { target: { value: '1.200' } });
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ condoFees: 1200 });
  });

  it('hands 0 when there are no fees', async () => {
    const { onAnswer } = await renderStep(CondoFeesStep, 'condoFees');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Non ci sono spese condominiali' }));
    expect(screen.queryByLabelText(/Spese condominiali al mese/)).toBeNull();
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ condoFees: 0 });
  });
});
