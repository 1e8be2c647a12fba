import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PropertyTypeStep from './property-type-step';
import { renderStep } from './step-test-utils';

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continua' }));

describe('PropertyTypeStep (3)', () => {
  it('asks for the type with every property type as a radio', async () => {
    await renderStep(PropertyTypeStep, 'propertyType');
    expect(screen.getByRole('heading', { level: 1, name: 'Che tipo di immobile è?' })).toBeTruthy();
    expect(screen.getByRole('group', { name: "Tipologia dell'immobile" })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(18);
    expect(screen.getByRole('radio', { name: 'Villetta a schiera' })).toBeTruthy();
  });

  it('refuses to go on without a choice and says why', async () => {
    const { onAnswer } = await renderStep(PropertyTypeStep, 'propertyType');
    submit();
    expect(await screen.findByText("Scegli la tipologia dell'immobile per continuare.")).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Appartamento' })));
  });

  it('hands the chosen type to the machine', async () => {
    const { onAnswer } = await renderStep(PropertyTypeStep, 'propertyType');
    fireEvent.click(screen.getByRole('radio', { name: 'Villa' }));
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ propertyTypeId: 5 });
  });

  it('shows the saved answer when the seller comes back', async () => {
    await renderStep(PropertyTypeStep, 'propertyType', { answer: { propertyTypeId: 14 } });
    expect((screen.getByRole('radio', { name: 'Terreno' }) as HTMLInputElement).checked).toBe(true);
  });

  it('disables the submit while saving and shows the failure of the save', async () => {
    await renderStep(PropertyTypeStep, 'propertyType', { busy: true, error: 'Non siamo riusciti a salvare.' });
    expect((screen.getByRole('button', { name: /Salvataggio in corso/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain('Non siamo riusciti a salvare.');
  });
});
