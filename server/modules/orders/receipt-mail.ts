import { greeting } from '../shared/mail-text';
import { formatEuro } from './offline-page';

// The receipt of a paid order (template 'order-receipt'): queued in the transaction that marks
// the order paid, so a paid order always has its receipt and never two. An order with nothing
// to pay (the basic plan) has no receipt.

export interface ReceiptLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
}

export interface ReceiptInput {
  userName: string | null;
  orderId: number;
  paidAt: Date;
  amountCents: number;
  paymentReference: string | null;
  planName: string | null;
  lines: readonly ReceiptLine[];
  listingTitle: string | null;
  /** The listing's services in MyRexer, on the public origin. */
  servicesUrl: string | null;
  contactUrl: string;
}

const paidFormat = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** «il 1º dicembre 2026 alle 10:05», in Rome's time. */
export function paidOn(at: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    paidFormat.formatToParts(at).find((p) => p.type === type)?.value ?? '';
  const day = part('day');
  return `il ${day === '1' ? '1º' : day} ${part('month')} ${part('year')} alle ${part('hour')}:${part('minute')}`;
}

/** A title or name as one line of a mail. */
function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .trim()
    .slice(0, 200);
}

export function receiptMail(r: ReceiptInput): { subject: string; text: string } {
  const itemsCents = r.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  const planCents = r.amountCents - itemsCents;
  const rows = [
    ...(r.planName && planCents > 0 ? [`- Piano ${oneLine(r.planName)}: ${formatEuro(planCents)}`] : []),
    ...r.lines.map(
      (line) =>
        `- ${oneLine(line.name)}${line.quantity > 1 ? ` × ${line.quantity}` : ''}: ${formatEuro(line.quantity * line.unitPriceCents)}`,
    ),
  ];
  const lines = [
    greeting(r.userName),
    '',
    'abbiamo ricevuto il tuo pagamento, grazie. Questa è la ricevuta del tuo ordine.',
    '',
    `Ordine n. ${r.orderId}, pagato ${paidOn(r.paidAt)}`,
    ...(r.listingTitle ? [`Annuncio: «${oneLine(r.listingTitle)}»`] : []),
    '',
    ...rows,
    `Totale pagato (IVA inclusa): ${formatEuro(r.amountCents)}`,
    ...(r.paymentReference ? [`Riferimento del pagamento: ${oneLine(r.paymentReference)}`] : []),
    '',
    ...(r.servicesUrl
      ? ['I servizi acquistati sono attivi. Li trovi, con tutti i tuoi ordini, qui:', r.servicesUrl, '']
      : []),
    'Questa email non è una fattura. Se ti serve la fattura, o qualcosa non ti torna, scrivici da qui:',
    r.contactUrl,
    '',
    'Il team di Rexer',
  ];
  return {
    subject: `Ricevuta del tuo ordine n. ${r.orderId} su Rexer: ${formatEuro(r.amountCents)}`,
    text: lines.join('\n'),
  };
}
