import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AgencySplitStep from './agency-split-step';
import FurnishingStep from './furnishing-step';
import SituationStep from './situation-step';
import SplitStep from './split-step';
import { renderStep } from './step-test-utils';

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continua' }));

describe("the listing wizard's choice steps", () => {
  it('split (12): asks how to decide the price, refuses no choice, hands priceFromMarket over', async () => {
    const { onAnswer } = await renderStep(SplitStep, 'split');
    expect(screen.getByRole('heading', { level: 1, name: 'Come vuoi decidere il prezzo?' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Come decidere il prezzo' })).toBeTruthy();
    submit();
    expect(screen.getByText('Scegli come vuoi decidere il prezzo.')).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText(/Il prezzo lo so già/));
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ priceFromMarket: false });
  });

  it('split (12): starts from the saved choice', async () => {
    const { onAnswer } = await renderStep(SplitStep, 'split', { answer: { priceFromMarket: true } });
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ priceFromMarket: true });
  });

  it('situation (24): the three situations by name', async () => {
    const { onAnswer } = await renderStep(SituationStep, 'situation');
    submit();
    expect(screen.getByText('Scegli la situazione attuale della casa.')).toBeTruthy();
    for (const name of ['Libero', 'Abitato dal proprietario', 'Affittato'])
      expect(screen.getByLabelText(name)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Affittato'));
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ occupancyId: 3 });
  });

  it('furnishing (41): refuses no choice and hands the furnishing over', async () => {
    const { onAnswer } = await renderStep(FurnishingStep, 'furnishing', { flow: 'rent' });
    submit();
    expect(screen.getByText('Scegli se la casa è arredata.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Parzialmente arredato'));
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ furnishingId: 2, contractTypeId: null, petsAllowed: null });
  });

  it('agency split (43): pick the agency or let Rexer propose one', async () => {
    const { onAnswer } = await renderStep(AgencySplitStep, 'agencySplit');
    submit();
    expect(screen.getByText("Scegli come vuoi scegliere l'agenzia.")).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Sceglietela voi/));
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ choice: 'letRexerChoose' });
  });
});
