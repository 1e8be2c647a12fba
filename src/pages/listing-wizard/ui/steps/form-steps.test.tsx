import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AmenitiesStep from './amenities-step';
import AvailabilityStep, { isoDay } from './availability-step';
import DepositStep from './deposit-step';
import DescriptionStep, { scoreWith } from './description-step';
import FurnishingStep from './furnishing-step';
import PartnerLeadStep from './partner-lead-step';
import PriceStep from './price-step';
import { renderStep } from './step-test-utils';
import TitleStep from './title-step';

const submit = (name = 'Continua') => fireEvent.click(screen.getByRole('button', { name }));
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => vi.useRealTimers());

describe('price (15)', () => {
  it('asks the asking price of a sale, with the market estimate beside it, the Italian way', async () => {
    const { onAnswer } = await renderStep(PriceStep, 'price', {
      answers: { loader: { found: true, comparableIds: [1, 2, 3], estimateMin: 310_000, estimateMax: 345_000 } },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'A che prezzo vuoi vendere?' })).toBeTruthy();
    expect(screen.getByText('La stima dal mercato: da 310.000 € a 345.000 €.')).toBeTruthy();
    submit();
    expect(screen.getByText('Scrivi il prezzo di vendita, per esempio 250.000.')).toBeTruthy();
    type(/Prezzo di vendita/, '329000');
    expect((screen.getByLabelText(/Prezzo di vendita/) as HTMLInputElement).value).toBe('329.000');
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ price: 329_000 });
  });

  it('asks the monthly rent of a rent, and refuses zero', async () => {
    const { onAnswer } = await renderStep(PriceStep, 'price', { flow: 'rent' });
    expect(screen.getByRole('heading', { level: 1, name: 'Quanto chiedi di affitto al mese?' })).toBeTruthy();
    type(/Canone mensile/, '0');
    submit();
    expect(screen.getByText('Il prezzo deve essere di almeno 1 euro.')).toBeTruthy();
    type(/Canone mensile/, '1200');
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ price: 1200 });
  });
});

describe('deposit and rent: at most three months', () => {
  it('refuses a deposit above three months of the rent already given, with the figures', async () => {
    const { onAnswer } = await renderStep(DepositStep, 'deposit', { flow: 'rent', answers: { price: { price: 900 } } });
    type(/Deposito cauzionale/, '3000');
    submit();
    expect(
      screen.getByText(
        'Il deposito cauzionale non può superare tre mensilità: con un canone di 900 € al massimo 2.700 €.',
      ),
    ).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
    type(/Deposito cauzionale/, '2700');
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ securityDeposit: 2700 });
  });

  it('refuses a rent whose deposit, asked before, is more than three months of it', async () => {
    const { onAnswer } = await renderStep(PriceStep, 'price', {
      flow: 'rent',
      answers: { deposit: { securityDeposit: 3000 } },
    });
    type(/Canone mensile/, '900');
    submit();
    expect(
      screen.getByText(
        /Il deposito cauzionale non può superare tre mensilità: con il deposito di 3.000 € che hai indicato, il canone deve essere di almeno 1.000 €/,
      ),
    ).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
    type(/Canone mensile/, '1000');
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ price: 1000 });
  });
});

describe('title (16)', () => {
  it('is prefilled with the title the server generates, and hands it over trimmed', async () => {
    const { onAnswer } = await renderStep(TitleStep, 'title', {
      extras: {
        draft: {
          generatedTitle: 'Casa in vendita in Via Paolo Sarpi, 12 a Milano',
          qualityScore: 40,
          qualityNext: [],
          status: 1,
        },
      },
    });
    const field = screen.getByLabelText(/Titolo dell'annuncio/) as HTMLTextAreaElement;
    expect(field.value).toBe('Casa in vendita in Via Paolo Sarpi, 12 a Milano');
    expect(screen.getByText('47 caratteri su 120')).toBeTruthy();
    fireEvent.change(field, { target: { value: '  Trilocale luminoso in Sarpi\n ' } });
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ title: 'Trilocale luminoso in Sarpi' });
  });

  it('turns a pasted tab or line break into a space (the server takes no control character in a title)', async () => {
    const { onAnswer } = await renderStep(TitleStep, 'title', { answer: { title: 'Casa' } });
    fireEvent.change(screen.getByLabelText(/Titolo dell'annuncio/), {
      target: { value: 'Trilocale\tluminoso\r\nin Sarpi' },
    });
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ title: 'Trilocale luminoso in Sarpi' });
  });

  it('refuses an empty title', async () => {
    const { onAnswer } = await renderStep(TitleStep, 'title', { answer: { title: 'Casa' } });
    fireEvent.change(screen.getByLabelText(/Titolo dell'annuncio/), { target: { value: '   ' } });
    submit();
    expect(screen.getByText("Scrivi il titolo dell'annuncio.")).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
  });
});

describe('description (17)', () => {
  it('counts the characters and says what the description does to the quality score', async () => {
    const { onAnswer } = await renderStep(DescriptionStep, 'description', {
      extras: { draft: { generatedTitle: null, qualityScore: 25, qualityNext: ['addPhotos'], status: 1 } },
    });
    submit();
    expect(screen.getByText('Scrivi una descrizione della casa.')).toBeTruthy();
    expect(screen.getByText("Qualità dell'annuncio con questa descrizione: 25 su 100")).toBeTruthy();
    type(/Descrizione/, 'x'.repeat(600));
    expect(screen.getByText('600 caratteri')).toBeTruthy();
    expect(screen.getByText("Qualità dell'annuncio con questa descrizione: 45 su 100")).toBeTruthy();
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ description: 'x'.repeat(600) });
  });

  it("replaces the saved description's part of the score, not adds to it", () => {
    expect(scoreWith(60, 600, 600)).toBe(60);
    expect(scoreWith(60, 600, 0)).toBe(40);
    expect(scoreWith(40, 0, 300)).toBe(50);
  });
});

describe('amenities (23)', () => {
  it('takes any number of amenities, none included, and says how many are chosen', async () => {
    const { onAnswer } = await renderStep(AmenitiesStep, 'amenities', { answer: { amenityIds: [15] } });
    expect(screen.getByRole('group', { name: 'Dotazioni' })).toBeTruthy();
    expect(screen.getByText('1 dotazione selezionata')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Balcone'));
    fireEvent.click(screen.getByLabelText('Aria condizionata'));
    expect(screen.getByText('3 dotazioni selezionate')).toBeTruthy();
    submit();
    // In the list's order: outdoor spaces, then the building, then the systems.
    expect(onAnswer).toHaveBeenLastCalledWith({ amenityIds: [17, 15, 2] });
    fireEvent.click(screen.getByLabelText('Ascensore'));
    fireEvent.click(screen.getByLabelText('Balcone'));
    fireEvent.click(screen.getByLabelText('Aria condizionata'));
    submit();
    expect(onAnswer).toHaveBeenLastCalledWith({ amenityIds: [] });
  });
});

describe('furnishing (41)', () => {
  it('asks the furnishing, the lease and pets; the last two may stay unsaid', async () => {
    const { onAnswer } = await renderStep(FurnishingStep, 'furnishing', { flow: 'rent' });
    submit();
    expect(screen.getByText('Scegli se la casa è arredata.')).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('Arredato'));
    submit();
    expect(onAnswer).toHaveBeenLastCalledWith({ furnishingId: 1, contractTypeId: null, petsAllowed: null });
    fireEvent.click(screen.getByLabelText('Canone concordato (3+2)'));
    fireEvent.click(within(screen.getByRole('group', { name: 'Accetti animali domestici?' })).getByLabelText('Sì'));
    submit();
    expect(onAnswer).toHaveBeenLastCalledWith({ furnishingId: 1, contractTypeId: 2, petsAllowed: true });
  });

  it('shows the saved lease and pets again', async () => {
    await renderStep(FurnishingStep, 'furnishing', {
      flow: 'rent',
      answer: { furnishingId: 3, contractTypeId: 4, petsAllowed: false },
    });
    expect((screen.getByLabelText('Per studenti universitari') as HTMLInputElement).checked).toBe(true);
    expect(
      (
        within(screen.getByRole('group', { name: 'Accetti animali domestici?' })).getByLabelText(
          'No',
        ) as HTMLInputElement
      ).checked,
    ).toBe(true);
  });
});

describe('amenities (23), one list', () => {
  it('lists every amenity once, under its heading, with no retired garden', async () => {
    await renderStep(AmenitiesStep, 'amenities');
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    const ids = boxes.map((box) => Number(box.value));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(20);
    expect(ids).not.toContain(23);
    const labels = boxes.map((box) => box.labels?.[0]?.textContent ?? '');
    expect(labels.filter((text) => /Giardino/.test(text))).toEqual(['Giardino privato', 'Giardino condominiale']);
    expect(labels.filter((text) => /Box auto|Posto auto/.test(text))).toEqual(['Box auto', 'Posto auto']);
    const outdoor = screen.getByRole('group', { name: 'Spazi esterni' });
    expect(outdoor.textContent).toContain('Giardino privato');
    expect(screen.getByRole('group', { name: 'Parcheggio' }).textContent).toContain('Box auto');
    for (const heading of ['Palazzo e servizi', 'Impianti e sicurezza', 'Interni'])
      expect(screen.getByRole('group', { name: heading })).toBeTruthy();
  });
});

describe('availability (39)', () => {
  it('takes «Da subito» as today, and a date within two years, refusing a past one', async () => {
    const { onAnswer } = await renderStep(AvailabilityStep, 'availability', { flow: 'rent' });
    submit();
    expect(screen.getByText('Scegli da quando la casa è disponibile.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Da subito'));
    submit();
    expect(onAnswer).toHaveBeenLastCalledWith({ availableFrom: isoDay(new Date()) });

    fireEvent.click(screen.getByLabelText('Da una data'));
    submit();
    expect(screen.getByText('Scrivi la data da cui è disponibile.')).toBeTruthy();
    type(/Disponibile dal/, '2001-01-01');
    submit();
    expect(screen.getByText('La data non può essere già passata.')).toBeTruthy();
    const later = new Date();
    later.setMonth(later.getMonth() + 2);
    type(/Disponibile dal/, isoDay(later));
    submit();
    expect(onAnswer).toHaveBeenLastCalledWith({ availableFrom: isoDay(later) });
    type(/Disponibile dal/, '2999-01-01');
    submit();
    expect(screen.getByText('Scegli una data entro due anni da oggi.')).toBeTruthy();
  });
});

describe('deposit (42)', () => {
  it('takes zero (no deposit) and refuses an empty field', async () => {
    const { onAnswer } = await renderStep(DepositStep, 'deposit', { flow: 'rent' });
    submit();
    expect(screen.getByText("Scrivi l'importo del deposito, oppure 0 se non lo chiedi.")).toBeTruthy();
    type(/Deposito cauzionale/, '0');
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ securityDeposit: 0 });
  });
});

describe('partner lead (46)', () => {
  it('needs the consent to be contacted', async () => {
    const { onAnswer } = await renderStep(PartnerLeadStep, 'partnerLead');
    submit('Invia la richiesta');
    expect(screen.getByText("Per continuare devi acconsentire al contatto dell'agenzia.")).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText(/Acconsento a essere contattato/));
    submit('Invia la richiesta');
    expect(onAnswer).toHaveBeenCalledWith({ contactConsent: true });
  });
});
