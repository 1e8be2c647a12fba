import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detailProblems, detailsToSave, familyOf } from '../../model/special-details';
import SpecialDescriptionStep from './special-description-step';
import { renderStep } from './step-test-utils';

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continua' }));

describe('special details by family', () => {
  it('groups the property types', () => {
    expect(familyOf(1)).toBe('flat');
    expect(familyOf(5)).toBe('house');
    expect(familyOf(14)).toBe('land');
    expect(familyOf(4)).toBe('garage');
  });
  it('requires only what the family cannot do without and keeps every key', () => {
    expect(detailProblems('land', {})).toEqual({ buildable: 'required' });
    expect(detailProblems('flat', {})).toEqual({});
    expect(detailProblems('house', { levels: 0 })).toEqual({ levels: 'tooSmall' });
    expect(detailsToSave('land', { buildable: false, buildableVolumeM3: 900 })).toEqual({
      buildable: false,
      buildableVolumeM3: null,
    });
  });
});

describe('SpecialDescriptionStep (4)', () => {
  it('asks an apartment for its outdoor space, all optional', async () => {
    const { onAnswer } = await renderStep(SpecialDescriptionStep, 'specialDescription', {
      answers: { propertyType: { propertyTypeId: 1 } },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Ha terrazzi o balconi?' })).toBeTruthy();
    expect(screen.getByText('Sono facoltativi: se non li sai, continua pure.')).toBeTruthy();
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ propertyTypeId: 1, details: { outdoorM2: null, doubleExposure: null } });
  });

  it('asks a villa for its garden and hands the m²', async () => {
    const { onAnswer } = await renderStep(SpecialDescriptionStep, 'specialDescription', {
      answers: { propertyType: { propertyTypeId: 5 } },
    });
    fireEvent.change(screen.getByLabelText(/Metri quadri di giardino/), { target: { value: '1.500' } });
    fireEvent.change(screen.getByLabelText(/Su quanti livelli/), { target: { value: '2' } });
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ propertyTypeId: 5, details: { gardenM2: 1500, levels: 2 } });
  });

  it('refuses a land without saying whether it is buildable, then asks its volume when it is', async () => {
    const { onAnswer } = await renderStep(SpecialDescriptionStep, 'specialDescription', {
      answers: { propertyType: { propertyTypeId: 14 } },
    });
    submit();
    expect(screen.getByText('Rispondi a questa domanda per continuare.')).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Il terreno è edificabile?' })).getByRole('radio', { name: 'Sì' }),
    );
    fireEvent.change(screen.getByLabelText(/Cubatura edificabile/), { target: { value: '1200' } });
    submit();
    expect(onAnswer).toHaveBeenCalledWith({
      propertyTypeId: 14,
      details: { buildable: true, buildableVolumeM3: 1200 },
    });
  });

  it('drops details saved for another type', async () => {
    const { onAnswer } = await renderStep(SpecialDescriptionStep, 'specialDescription', {
      answers: { propertyType: { propertyTypeId: 1 } },
      answer: { propertyTypeId: 5, details: { gardenM2: 300, levels: 2 } },
    });
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ propertyTypeId: 1, details: { outdoorM2: null, doubleExposure: null } });
  });
});
