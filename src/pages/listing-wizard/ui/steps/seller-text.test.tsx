import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorText } from '../listing-wizard-page';
import DescriptionStep from './description-step';
import { i18n, renderStep } from './step-test-utils';
import TitleStep from './title-step';

// The seller's text others read (title 16, description 17): no link, e-mail address or phone
// number (domain/listing/contact-details.ts), said at the field before the call, and the
// server's refusal said in the same words.

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const LINK =
  'Togli il link: negli annunci non si possono inserire indirizzi di siti web. Chi è interessato alla casa ti contatta tramite Rexer.';
const EMAIL =
  "Togli l'indirizzo e-mail: negli annunci non si possono inserire contatti. Chi è interessato alla casa ti scrive tramite Rexer.";
const PHONE =
  "Togli il numero di telefono: negli annunci non si possono inserire contatti, chi è interessato ti contatta tramite Rexer. Se è un prezzo o una misura, scrivi accanto l'unità (per esempio 250.000 € o 120 m²).";

describe('title (16): contact details', () => {
  for (const [kind, text, message] of [
    ['a link', 'URGENTE: verifica il tuo account su https://rexer-verifica.example', LINK],
    ['an e-mail address', 'Trilocale, scrivi a mario chiocciola gmail punto com', EMAIL],
    ['a phone number', 'Trilocale in Sarpi, chiama il 347 123 45 67', PHONE],
  ] as const) {
    it(`refuses ${kind} at the field, in Italian, and sends nothing`, async () => {
      const { onAnswer } = await renderStep(TitleStep, 'title', { answer: { title: 'Casa' } });
      type(/Titolo dell'annuncio/, text);
      submit();
      expect(screen.getByText(message)).toBeTruthy();
      expect(screen.getByLabelText(/Titolo dell'annuncio/).getAttribute('aria-invalid')).toBe('true');
      expect(onAnswer).not.toHaveBeenCalled();
      // Corrected, it goes.
      type(/Titolo dell'annuncio/, 'Trilocale luminoso in Sarpi');
      submit();
      expect(onAnswer).toHaveBeenCalledWith({ title: 'Trilocale luminoso in Sarpi' });
    });
  }

  it('takes prices, surfaces, years and abbreviations', async () => {
    const { onAnswer } = await renderStep(TitleStep, 'title', { answer: { title: 'Casa' } });
    type(/Titolo dell'annuncio/, 'Trilocale 120 m² del 1970, P.zza Duomo n. 12, 250.000 €');
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ title: 'Trilocale 120 m² del 1970, P.zza Duomo n. 12, 250.000 €' });
  });

  it("shows the server's refusal in the same words", async () => {
    await renderStep(TitleStep, 'title', {
      answer: { title: 'Casa' },
      error: errorText(i18n.t, { kind: 'save', failure: 'contactPhone' }),
    });
    expect(screen.getByRole('alert').textContent).toBe(PHONE);
  });
});

describe('description (17): contact details', () => {
  for (const [kind, text, message] of [
    ['a link', 'Luminoso trilocale. Tutte le foto su www.casabella.it', LINK],
    ['an e-mail address', 'Luminoso trilocale. Per informazioni: mario.rossi@gmail.com', EMAIL],
    ['a phone number', 'Luminoso trilocale. Chiamate il 3 4 7 1 2 3 4 5 6 7', PHONE],
  ] as const) {
    it(`refuses ${kind} at the field, in Italian, and sends nothing`, async () => {
      const { onAnswer } = await renderStep(DescriptionStep, 'description');
      type(/Descrizione/, text);
      submit();
      expect(screen.getByText(message)).toBeTruthy();
      expect(onAnswer).not.toHaveBeenCalled();
    });
  }

  it('takes a description full of numbers that are no phone', async () => {
    const { onAnswer } = await renderStep(DescriptionStep, 'description');
    const text =
      'Trilocale di 120 m² al 3° piano, costruito nel 1970 e ristrutturato nel 2005. Prezzo 1.250.000 €, spese 120 €/mese. Libero dal 01/09/2026, visite 9.30-12.30. Scala a chiocciola, ecc.';
    type(/Descrizione/, text);
    submit();
    expect(onAnswer).toHaveBeenCalledWith({ description: text });
  });

  for (const [failure, message] of [
    ['contactLink', LINK],
    ['contactEmail', EMAIL],
  ] as const) {
    it(`shows the server's refusal (${failure}) in the same words`, async () => {
      await renderStep(DescriptionStep, 'description', {
        answer: { description: 'Casa' },
        error: errorText(i18n.t, { kind: 'save', failure }),
      });
      expect(screen.getByRole('alert').textContent).toBe(message);
    });
  }
});
