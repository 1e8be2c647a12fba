import { describe, expect, it } from 'vitest';
import { paidOn, receiptMail } from './receipt-mail';

describe('the receipt of a paid order', () => {
  it('dates the payment in Rome, with the ordinal of the first day', () => {
    expect(paidOn(new Date('2026-12-01T09:05:00Z'))).toBe('il 1º dicembre 2026 alle 10:05');
    expect(paidOn(new Date('2026-07-14T22:30:00Z'))).toBe('il 15 luglio 2026 alle 00:30');
  });

  it('lists the plan and each service with its quantity, and the total they make', () => {
    const { subject, text } = receiptMail({
      userName: 'Marco',
      orderId: 42,
      paidAt: new Date('2026-12-01T09:05:00Z'),
      amountCents: 15_900,
      paymentReference: 'pi_123',
      planName: 'Flessibile',
      lines: [{ name: 'In prima fila', quantity: 2, unitPriceCents: 3_000 }],
      listingTitle: 'Trilocale in vendita in Via Po a Torino',
      servicesUrl: 'https://rexer.example/myrexer/annuncio/7/servizi',
      contactUrl: 'https://rexer.example/contatti',
    });
    expect(subject).toMatch(/^Ricevuta del tuo ordine n\. 42 su Rexer: 159,00\s€$/);
    expect(text).toMatch(
      /- Piano Flessibile: 99,00\s€\n- In prima fila × 2: 60,00\s€\nTotale pagato \(IVA inclusa\): 159,00\s€/,
    );
    expect(text).toContain('Annuncio: «Trilocale in vendita in Via Po a Torino»');
    expect(text).toContain('Ordine n. 42, pagato il 1º dicembre 2026 alle 10:05');
  });
});
