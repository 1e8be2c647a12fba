import { formatThousands } from '@/shared/lib/number';

/**
 * A listing's price on its marker, Italian style: "245.000 €", and from a million on
 * "1,25 mln €" so a label stays short on the map. Null for a price on request.
 */
export function formatMarkerPrice(price: number | null | undefined): string | null {
  if (price == null || !Number.isFinite(price) || price <= 0) return null;
  if (price >= 1_000_000) {
    const millions = Math.round(price / 10_000) / 100;
    return `${String(millions).replace('.', ',')} mln €`;
  }
  return `${formatThousands(price)} €`;
}

/** The count inside a cluster bubble: "8", "1.234"; from 100.000 on "123k", or it would not fit. */
export function formatClusterCount(count: number): string {
  if (!Number.isFinite(count) || count < 0) return '0';
  if (count >= 100_000) return `${formatThousands(Math.floor(count / 1000))}k`;
  return formatThousands(count);
}

/** A bubble grows with the number it holds: three sizes, so labels never overflow. */
export function clusterSize(count: number): 'small' | 'medium' | 'large' {
  if (count < 100) return 'small';
  if (count < 10_000) return 'medium';
  return 'large';
}

/** A radius as people say it: "850 m", "2,5 km", "12 km". */
export function formatRadius(metres: number): string {
  if (metres < 1000) return `${Math.round(metres / 10) * 10} m`;
  const km = metres < 10_000 ? Math.round(metres / 100) / 10 : Math.round(metres / 1000);
  return `${String(km).replace('.', ',')} km`;
}
