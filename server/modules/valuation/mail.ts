import type { Valuation } from '@domain/valuation/estimator';
import { euros } from '../saved-searches/summary';
import { greeting } from '../shared/mail-text';

// The valuation mail (template 'valuation'): the estimate sent to the visitor who gave steps 0
// and 1 of the valuation path ("the estimate is sent by mail", docs/wizard-flow.md), with the link
// back to it. Queued in the outbox in the transaction that stores the valuation.

export interface ValuationMail {
  subject: string;
  text: string;
}

function distance(metres: number): string {
  return metres < 1000 ? `${metres} m` : `${String(metres / 1000).replace('.', ',')} km`;
}

/** €/m² as written in Italian: 3.750 for a sale, 14,50 for a monthly rent. */
function perSqm(value: number, rent: boolean): string {
  return rent ? value.toFixed(2).replace('.', ',') : euros(value);
}

export function valuationMail(opts: {
  userName: string | null;
  address: string | null;
  rent: boolean;
  valuation: Valuation;
  link: string;
  contactUrl: string;
}): ValuationMail {
  const { valuation: v, rent } = opts;
  const unit = rent ? '€/mese' : '€';
  const where = opts.address ? ` in ${opts.address}` : '';
  const lines = [greeting(opts.userName), ''];
  let subject: string;
  if (v.outcome === 'estimate') {
    const e = v.estimate;
    subject = rent
      ? `Il canone stimato del tuo immobile: ${euros(e.point)} €/mese`
      : `Il valore stimato del tuo immobile: ${euros(e.point)} €`;
    lines.push(
      `ecco la valutazione del tuo immobile${where}.`,
      '',
      `${rent ? 'Canone mensile stimato' : 'Valore stimato'}: ${euros(e.point)} ${unit}`,
      `Forbice di prezzo: da ${euros(e.low)} a ${euros(e.high)} ${unit}`,
      `Prezzo al metro quadro: ${perSqm(e.pricePerSqm, rent)} ${rent ? '€/m² al mese' : '€/m²'}, da ${e.comparableCount} ${e.comparableCount === 1 ? 'annuncio simile' : 'annunci simili'} entro ${distance(v.radiusM)}.`,
      `Affidabilità della stima: ${{ high: 'alta', medium: 'media', low: 'bassa' }[e.confidence]}.`,
      '',
      'Puoi rivedere la valutazione, con gli annunci da cui è calcolata, da qui:',
      opts.link,
      '',
      'La stima è calcolata dagli annunci pubblicati e venduti nella zona: è un orientamento, non una perizia.',
    );
  } else {
    subject = 'La valutazione del tuo immobile';
    lines.push(
      `abbiamo cercato gli annunci simili al tuo immobile${where}, ma nella zona non ne abbiamo trovati abbastanza per darti una stima affidabile.`,
      '',
      'Puoi rivedere la valutazione da qui:',
      opts.link,
      '',
      'Se vuoi, un nostro consulente può valutare il tuo immobile di persona: scrivici da qui:',
      opts.contactUrl,
    );
  }
  lines.push('', 'Il team di Rexer');
  return { subject: subject.slice(0, 300), text: lines.join('\n') };
}
