import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import HeatingStep from './heating-step';
import { renderStep } from './step-test-utils';

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continua' }));

describe('HeatingStep (36)', () => {
  it('asks the heating among the catalogue', async () => {
    await renderStep(HeatingStep, 'heating');
    expect(screen.getByRole('heading', { level: 1, name: 'Che riscaldamento ha?' })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(8);
  });

  it('refuses no choice', async () => {
    const { onAnswer } = await renderStep(HeatingStep, 'heating');
    submit();
    expect(screen.getByText('Scegli il tipo di riscaldamento.')).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('hands the heating chosen', async () => {
    const { onAnswer } = await renderStep(HeatingStep, 'heating', { answer: { heatingTypeId: 2 } });
    expect((screen.getByRole('radio', { name: 'Centralizzato' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Pompa di calore' }));
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ heatingTypeId: 4 });
  });
});
