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
    expect(
      screen.getByText('Scegli la classe energetica, oppure «Esente» o «In attesa di certificazione».'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /^D/ }));
    fireEvent.change(screen.getByLabelText(/Indice di prestazione/), { target: { value: '1000,5' } });
    submit();
    expect(screen.getByText("Scrivi un indice tra 0 e 1.000 kWh/m² all'anno.")).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
    // 1,000 is the most taken.
    fireEvent.change(screen.getByLabelText(/Indice di prestazione/), { target: { value: '1000' } });
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ energyClassId: 7, energyPerformance: 1000 });
  });

  it('asks the index beside a certified class, optional, saying the law wants it and it can come later', async () => {
    const { onAnswer } = await renderStep(EnergyClassStep, 'energyClass');
    expect(screen.queryByLabelText(/Indice di prestazione/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /^B/ }));
    expect(screen.getByLabelText(/Indice di prestazione/)).toBeTruthy();
    expect(screen.getByText('kWh/m² anno')).toBeTruthy();
    expect(screen.getByTestId('energy-performance-note').textContent).toBe(
      "Se non hai l'attestato (APE) a portata di mano puoi aggiungerlo dopo: ricorda che la legge lo chiede in ogni annuncio.",
    );
    // Without it the step goes on.
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ energyClassId: 5, energyPerformance: null });
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
