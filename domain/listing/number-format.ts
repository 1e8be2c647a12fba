// Numbers as the product shows them (docs/spec.md §5): a dot every three digits,
// non-digits stripped. Pure: the price and surface inputs of the wizard (app) and any text the
// server writes use the same rule.

/** Only the digits of a text ('€ 1.250' → '1250'). */
export function stripNonDigits(value: string): string {
  return value.replace(/\D+/g, '');
}

/**
 * Shows a number with a dot every three digits ('1.250.000'). Non-digits are stripped first,
 * so a typed '1 250 000 €' or '1.250' reads back the same; a number is rounded and its sign
 * dropped; leading zeros go ('007' → '7'); nothing to show answers ''.
 */
export function formatThousands(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const raw = typeof value === 'number' ? (Number.isFinite(value) ? String(Math.round(Math.abs(value))) : '') : value;
  const digits = stripNonDigits(raw).replace(/^0+(?=\d)/, '');
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * The whole number a text stands for ('1.250.000' → 1250000, '€ 250.000,00' → 25000000: every
 * non-digit is stripped, a comma included), or undefined when it holds no digit or is past
 * Number.MAX_SAFE_INTEGER.
 */
export function parseThousands(value: string): number | undefined {
  const digits = stripNonDigits(value);
  if (!digits) return undefined;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : undefined;
}
