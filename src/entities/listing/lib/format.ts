import { formatThousands } from '@/shared/lib/number';
import { SELL_TYPE, type ListingSellType } from '../model/search-listing';

// Italian figures as the lists show them: "245.000 €", "1.200 €/mese", "3.500 €/m²", "85 m²".
// The grouping is done by hand rather than with Intl: Intl's it-IT leaves four-digit numbers
// ungrouped ("1200 €"), and the same text must come out of the server and the browser.
// A no-break space keeps the figure and its unit on one line.

const NBSP = '\u00a0';

/** "245.000 €" for a sale, "1.200 €/mese" for a rent; null without a price. */
export function formatPrice(
  price: number | null | undefined,
  sellType: ListingSellType = SELL_TYPE.SALE,
): string | null {
  if (price === null || price === undefined || !Number.isFinite(price) || price <= 0) return null;
  return `${formatThousands(price)}${NBSP}€${sellType === SELL_TYPE.RENT ? '/mese' : ''}`;
}

/** "3.500 €/m²"; null without a figure. */
export function formatPricePerM2(value: number | null | undefined): string | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value <= 0) return null;
  return `${formatThousands(value)}${NBSP}€/m²`;
}

/** "85 m²"; null without a surface. */
export function formatSurface(value: number | null | undefined): string | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value <= 0) return null;
  return `${formatThousands(value)}${NBSP}m²`;
}
