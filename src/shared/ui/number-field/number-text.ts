import { formatThousands, parseThousands, stripNonDigits } from '@domain/listing/number-format';

// The text of a number field as Italians write it: a dot every three digits, a comma before
// the decimals ('120.000', '45,5'). Whole numbers use the product's rule
// (domain/listing/number-format.ts); decimals add the comma; a plain number (a year) has
// digits only.

/** 'thousands': '120.000'; 'decimal': '1.234,5'; 'plain': '1980'. */
export type NumberTextMode = 'thousands' | 'decimal' | 'plain';

/** The number a typed text stands for, or null when it holds no digit. */
export function parseNumberText(text: string, mode: NumberTextMode): number | null {
  if (mode !== 'decimal') return parseThousands(text) ?? null;
  const { whole, fraction } = splitDecimal(text);
  if (!whole && !fraction) return null;
  const value = Number(`${whole || '0'}.${fraction || '0'}`);
  return Number.isFinite(value) ? value : null;
}

/** How a typed text is shown back: '120000' → '120.000', '45,50' keeps its comma and decimals. */
export function formatNumberText(text: string, mode: NumberTextMode): string {
  if (mode === 'plain') return stripNonDigits(text);
  if (mode === 'thousands') return formatThousands(text);
  const { whole, fraction, hasComma } = splitDecimal(text);
  const shownWhole = whole ? formatThousands(whole) : hasComma ? '0' : '';
  return hasComma ? `${shownWhole},${fraction}` : shownWhole;
}

/** The text of a stored number ('120.000', '45,5'), '' for none. */
export function numberToText(value: number | null | undefined, mode: NumberTextMode): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  if (mode === 'plain') return String(Math.trunc(Math.abs(value)));
  if (mode === 'thousands' || Number.isInteger(value)) return formatThousands(Math.trunc(value));
  const [whole, fraction] = String(Math.abs(value)).split('.');
  return `${formatThousands(whole)},${fraction}`;
}

/**
 * The whole and decimal digits of a text. The comma is the decimal mark; a text with no comma
 * and one dot not followed by exactly three digits ('45.5') is read with the dot as the mark,
 * as a keyboard without a comma types it.
 */
function splitDecimal(text: string): { whole: string; fraction: string; hasComma: boolean } {
  const comma = text.lastIndexOf(',');
  if (comma >= 0)
    return {
      whole: stripNonDigits(text.slice(0, comma)),
      fraction: stripNonDigits(text.slice(comma + 1)),
      hasComma: true,
    };
  const dots = text.split('.');
  if (dots.length === 2 && !/^\d{3}$/.test(dots[1].trim())) {
    return { whole: stripNonDigits(dots[0]), fraction: stripNonDigits(dots[1]), hasComma: true };
  }
  return { whole: stripNonDigits(text), fraction: '', hasComma: false };
}
