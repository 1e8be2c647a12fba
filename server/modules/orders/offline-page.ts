import type { OfflineOutcomeFields } from '../../payments/offline';
import type { CheckoutLine } from '../../payments';

// The offline provider's payment page (GET /pagamento/{reference}): a small Italian page
// rendered here, without the app's scripts, that stands in for a provider's hosted checkout.
// Inline styles only (the CSP allows style attributes, not <style>).

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

export function formatEuro(cents: number): string {
  return euro.format(cents / 100);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const PAGE = 'font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;background:#f5f6f8;color:#1d2433';
const CARD =
  'max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12)';
const BUTTON =
  'display:block;width:100%;margin-top:.75rem;padding:.85rem 1rem;font-size:1rem;border-radius:8px;cursor:pointer;';

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} | Rexer</title>
</head>
<body style="${PAGE}">
<main style="${CARD}">
${body}
</main>
</body>
</html>
`;
}

function button(action: string, fields: OfflineOutcomeFields, label: string, style: string): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(String(value))}">`)
    .join('');
  return `<form method="post" action="${escapeHtml(action)}">${inputs}<button type="submit" style="${BUTTON}${style}">${escapeHtml(label)}</button></form>`;
}

export interface OfflinePendingPage {
  orderId: number;
  lines: CheckoutLine[];
  amountCents: number;
  outcomeAction: string;
  paid: OfflineOutcomeFields;
  failed: OfflineOutcomeFields;
  abandoned: OfflineOutcomeFields;
}

/** The page of a pending order: what is bought, the total, and the three outcomes. */
export function pendingPage(page: OfflinePendingPage): string {
  const rows = page.lines
    .map(
      (line) =>
        `<tr><td style="padding:.4rem 0">${escapeHtml(line.name)}${line.quantity > 1 ? ` × ${line.quantity}` : ''}</td><td style="padding:.4rem 0;text-align:right">${escapeHtml(formatEuro(line.unitAmountCents * line.quantity))}</td></tr>`,
    )
    .join('');
  return layout(
    'Pagamento',
    `<h1 style="font-size:1.5rem;margin:0 0 .5rem">Pagamento</h1>
<p style="margin:0 0 1rem;padding:.75rem;background:#fff6e0;border-radius:8px">Pagamento di prova: nessun importo viene addebitato. Scegli tu come deve andare.</p>
<p style="margin:0 0 .5rem">Ordine n. ${page.orderId}</p>
<table style="width:100%;border-collapse:collapse">
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row" style="text-align:left;padding:.6rem 0;border-top:1px solid #d9dce3">Totale (IVA inclusa)</th><td style="text-align:right;font-weight:700;padding:.6rem 0;border-top:1px solid #d9dce3">${escapeHtml(formatEuro(page.amountCents))}</td></tr></tfoot>
</table>
${button(page.outcomeAction, page.paid, 'Paga', 'background:#0b6e4f;color:#fff;border:0;font-weight:700')}
${button(page.outcomeAction, page.failed, 'Pagamento rifiutato', 'background:#fff;color:#a4262c;border:1px solid #a4262c')}
${button(page.outcomeAction, page.abandoned, 'Annulla', 'background:#fff;color:#1d2433;border:1px solid #8a93a6')}`,
  );
}

/** The page of an order that is no longer waiting: paid, failed, cancelled or refunded. */
export function closedPage(opts: { orderId: number; paid: boolean; returnUrl: string }): string {
  const text = opts.paid
    ? "Questo ordine è già stato pagato: non c'è altro da fare."
    : "Questo pagamento non è più disponibile. Torna all'annuncio per sceglierne un altro.";
  return layout(
    'Pagamento',
    `<h1 style="font-size:1.5rem;margin:0 0 .5rem">${opts.paid ? 'Ordine pagato' : 'Pagamento non disponibile'}</h1>
<p>Ordine n. ${opts.orderId}. ${escapeHtml(text)}</p>
<p><a href="${escapeHtml(opts.returnUrl)}">Torna all'annuncio</a></p>`,
  );
}

/** No such payment (or the offline provider is not the configured one). */
export function notFoundPage(): string {
  return layout(
    'Pagamento non trovato',
    `<h1 style="font-size:1.5rem;margin:0 0 .5rem">Pagamento non trovato</h1>
<p>Il link di pagamento che hai aperto non esiste o non è più valido.</p>
<p><a href="/">Torna alla pagina iniziale</a></p>`,
  );
}
