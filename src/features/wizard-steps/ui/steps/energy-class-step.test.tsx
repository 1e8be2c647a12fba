import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import EnergyClassStep from './energy-class-step';
import { renderStep } from './step-test-utils';

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continua' }));

describe('EnergyClassStep (9)', () => {
  it('offers A4 to G, exempt and pending', async () => {
    await renderStep(EnergyClassStep, 'energyClass');
    expect(screen.getByRole('heading', { level: 1, name: 'Qual è la classe energetica?' })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(12);
    expect(screen.getByRole('radio', { name: /^A4/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Esente/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /In attesa di certificazione/ })).toBeTruthy();
  });

  it('refuses no class and an index past the limit', async () => {
    const { onAnswer } = await renderStep(EnergyClassStep, 'energyClass');
    submit();
    expect(screen.getByText('Scegli la classe energetica, oppure «Esente» o «In attesa di certificazione».')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /^D/ }));
    fireEvent.change(screen.getByLabelText(/Indice di prestazione/), { target: { value: '20000' } });
    submit();
    expect(screen.getByText('Scrivi un indice tra 0 e 10.000 kWh/m² all\'anno.')).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('hands the class with its index, read with a decimal comma', async () => {
    const { onAnswer } = await renderStep(EnergyClassStep, 'energyClass');
    fireEvent.click(screen.getByRole('radio', { name: /^C/ }));
    fireEvent.change(screen.getByLabelText(/Indice di prestazione/), { target: { value: '87,5' } });
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ energyClassId: 6, energyPerformance: 87.5 });
  });

  it('asks no index for an exempt property', async () => {
    const { onAnswer } = await renderStep(EnergyClassStep, 'energyClass');
    fireEvent.click(screen.getByRole('radio', { name: /Esente/ }));
    expect(screen.queryByLabelText(/Indice di prestazione/)).toBeNull();
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ energyClassId: 11, energyPerformance: null });
  });
});
