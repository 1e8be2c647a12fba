import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import FloorsStep from './floors-step';
import { renderStep } from './step-test-utils';

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
const floor = () => screen.getByLabelText(/^Piano/) as HTMLSelectElement;
const floors = () => screen.getByLabelText(/Piani dell'edificio/) as HTMLInputElement;
const lift = (answer: 'Sì' | 'No') =>
  fireEvent.click(within(screen.getByRole('group', { name: "C'è l'ascensore?" })).getByRole('radio', { name: answer }));

describe('FloorsStep (7)', () => {
  it('asks the floor with Italian floor names', async () => {
    await renderStep(FloorsStep, 'floors', { answers: { propertyType: { propertyTypeId: 1 } } });
    expect(screen.getByRole('heading', { level: 1, name: 'A che piano si trova?' })).toBeTruthy();
    expect(within(floor()).getByRole('option', { name: 'Piano terra' })).toBeTruthy();
    expect(within(floor()).getByRole('option', { name: '3° piano' })).toBeTruthy();
  });

  it('refuses missing answers and a floor above the building', async () => {
    const { onAnswer } = await renderStep(FloorsStep, 'floors', { answers: { propertyType: { propertyTypeId: 1 } } });
    submit();
    expect(screen.getByText('Scegli il piano.')).toBeTruthy();
    expect(screen.getByText("Scrivi quanti piani ha l'edificio, da 1 a 200.")).toBeTruthy();
    expect(screen.getByText("Dicci se c'è l'ascensore.")).toBeTruthy();
    fireEvent.change(floor(), { target: { value: '5' } });
    fireEvent.change(floors(), { target: { value: '4' } });
    lift('Sì');
    submit();
    expect(screen.getByText("Il piano non può essere più alto dei piani dell'edificio (4).")).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('hands floor, building floors and lift', async () => {
    const { onAnswer } = await renderStep(FloorsStep, 'floors', { answers: { propertyType: { propertyTypeId: 1 } } });
    fireEvent.change(floor(), { target: { value: '-1' } });
    fireEvent.change(floors(), { target: { value: '6' } });
    lift('No');
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ floor: -1, buildingFloors: 6, hasLift: false });
  });
});
