import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderStep } from './step-test-utils';
import TitleStep from './title-step';

// Step 16 of a listing whose address is hidden: the offer names the town alone (the server's
// GeneratedTitle), the hint says why, and a title the seller writes with the hidden street is
// theirs to keep, with a word that the street is the one they hid.

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('title (16) of a listing whose address is hidden', () => {
  const hidden = {
    locality: {
      municipalityIstat: '015146',
      street: 'Via Padova',
      streetNumber: '45',
      latitude: 45.4972,
      longitude: 9.2231,
      showAddress: false,
    },
  };

  it('offers the town-only title and says the address stays hidden', async () => {
    await renderStep(TitleStep, 'title', {
      answers: hidden,
      extras: { draft: { generatedTitle: 'Casa in vendita a Milano', qualityScore: 40, qualityNext: [], status: 1 } },
    });
    expect((screen.getByLabelText(/Titolo dell'annuncio/) as HTMLTextAreaElement).value).toBe(
      'Casa in vendita a Milano',
    );
    expect(
      screen.getByText(
        "L'abbiamo scritto per te con il solo comune, perché hai scelto di non mostrare l'indirizzo: puoi tenerlo così o cambiarlo.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/che hai scelto di non mostrare nell'annuncio/)).toBeNull();
  });

  it('warns, without refusing, when the seller writes the hidden street in the title', async () => {
    const { onAnswer } = await renderStep(TitleStep, 'title', {
      answers: hidden,
      answer: { title: 'Casa in vendita a Milano' },
    });
    type(/Titolo dell'annuncio/, 'Bilocale in via padova');
    expect(
      screen.getByText(
        "Il titolo nomina Via Padova, che hai scelto di non mostrare nell'annuncio: se vuoi che resti nascosta, toglila dal titolo.",
      ),
    ).toBeTruthy();
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ title: 'Bilocale in via padova' });
  });

  it('says nothing of the street when the address is shown', async () => {
    await renderStep(TitleStep, 'title', {
      answers: { locality: { ...hidden.locality, showAddress: true } },
      answer: { title: 'Casa in vendita in Via Padova, 45 a Milano' },
    });
    expect(screen.getByText("L'abbiamo scritto per te dall'indirizzo: puoi tenerlo così o cambiarlo.")).toBeTruthy();
    expect(screen.queryByText(/che hai scelto di non mostrare nell'annuncio/)).toBeNull();
  });
});
