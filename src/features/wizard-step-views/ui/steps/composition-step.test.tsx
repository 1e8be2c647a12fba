import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CompositionStep from './composition-step';
import { renderStep } from './step-test-utils';

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
const add = (label: string, times = 1) => {
  for (let i = 0; i < times; i++) fireEvent.click(screen.getByRole('button', { name: `Aggiungi: ${label}` }));
};
const FLAT = { propertyType: { propertyTypeId: 1 } };

describe('CompositionStep (6)', () => {
  it('asks rooms and bathrooms with steppers', async () => {
    await renderStep(CompositionStep, 'composition', { answers: FLAT });
    expect(screen.getByRole('heading', { level: 1, name: 'Quanti locali e bagni ha?' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Locali' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Togli: Locali' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a home without a room or a bathroom', async () => {
    const { onAnswer } = await renderStep(CompositionStep, 'composition', { answers: FLAT });
    submit();
    expect(screen.getByText("Un'abitazione ha almeno un locale.")).toBeTruthy();
    expect(screen.getByText("Un'abitazione ha almeno un bagno.")).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('hands rooms, bathrooms and the rooms counted by type (none at zero)', async () => {
    const { onAnswer } = await renderStep(CompositionStep, 'composition', { answers: FLAT });
    add('Locali', 3);
    add('Bagni');
    add('Camera matrimoniale');
    add('Cucina abitabile', 2);
    fireEvent.click(screen.getByRole('button', { name: 'Togli: Cucina abitabile' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mostra altri ambienti' }));
    add('Lavanderia');
    submit();
    expect(onAnswer).toHaveBeenCalledWith({
      rooms: 3,
      bathrooms: 1,
      roomCounts: expect.arrayContaining([
        { roomTypeId: 13, count: 1 },
        { roomTypeId: 7, count: 1 },
        { roomTypeId: 20, count: 1 },
      ]),
    });
    expect(onAnswer.mock.calls[0][0].roomCounts).toHaveLength(3);
  });

  it('lets a garage have no room', async () => {
    const { onAnswer } = await renderStep(CompositionStep, 'composition', {
      answers: { propertyType: { propertyTypeId: 4 } },
    });
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ rooms: 0, bathrooms: 0, roomCounts: [] });
  });
});
