import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderStep } from './step-test-utils';
import SurfaceStep from './surface-step';

const field = () => screen.getByLabelText(/Superficie in metri quadri/) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continua' }));

describe('SurfaceStep (5)', () => {
  it('asks for the square metres', async () => {
    await renderStep(SurfaceStep, 'surface');
    expect(screen.getByRole('heading', { level: 1, name: 'Quanti metri quadri misura?' })).toBeTruthy();
    expect(field().getAttribute('inputmode')).toBe('numeric');
  });

  it('refuses an empty field and a surface past the limit, with a message on the field', async () => {
    const { onAnswer } = await renderStep(SurfaceStep, 'surface');
    submit();
    expect(screen.getByText('Scrivi la superficie in metri quadri, per esempio 85.')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field(), { target: { value: '250000' } });
    submit();
    expect(screen.getByText('La superficie può essere al massimo di 100.000 metri quadri.')).toBeTruthy();
    fireEvent.change(field(), { target: { value: '0' } });
    submit();
    expect(screen.getByText('La superficie deve essere di almeno 1 metro quadro.')).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('reads the Italian way of writing numbers and hands the whole number over', async () => {
    const { onAnswer } = await renderStep(SurfaceStep, 'surface');
    fireEvent.change(field(), { target: { value: '1200' } });
    expect(field().value).toBe('1.200');
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ surfaceM2: 1200 });
  });

  it('starts from the saved answer', async () => {
    await renderStep(SurfaceStep, 'surface', { answer: { surfaceM2: 85 } });
    expect(field().value).toBe('85');
  });
});
