import { formatThousands } from '@/shared/lib/number';

const NBSP = '\u00a0';

/**
 * Euro cents as an Italian price: "1.490,00 €", "24,90 €". Grouped by hand, as the listing
 * prices are (src/entities/listing/lib/format.ts): Intl's it-IT leaves four-digit amounts
 * ungrouped, and the server's HTML and the browser's must read the same.
 */
export function formatEuroCents(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const euros = Math.floor(whole / 100);
  const rest = String(whole % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${formatThousands(euros) || '0'},${rest}${NBSP}€`;
}
