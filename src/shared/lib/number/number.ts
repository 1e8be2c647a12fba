/**
 * Shows a number with a dot every three digits ("1.250.000"). Non-digits are stripped
 * first, so a typed "1 250 000 €" or "1.250" reads back the same; a number is rounded.
 */
export function formatThousands(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const raw = typeof value === 'number' ? (Number.isFinite(value) ? String(Math.round(Math.abs(value))) : '') : value;
  const digits = stripNonDigits(raw).replace(/^0+(?=\d)/, '');
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Only the digits of a text ("€ 1.250" → "1250"). */
export function stripNonDigits(value: string): string {
  return value.replace(/\D+/g, '');
}

/** The number a formatted text stands for, or undefined when it holds no digit. */
export function parseThousands(value: string): number | undefined {
  const digits = stripNonDigits(value);
  return digits ? Number(digits) : undefined;
}
