import { SANITIZE_LIMITS } from './limits';

export type Properties = Record<string, unknown>;

export function truncate(value: string, max: number): string {
  return value.length > max ? value.slice(0, max) : value;
}

export const sanitizeName = (value: string) => truncate(value.trim(), SANITIZE_LIMITS.name);
export const sanitizeId = (value: string) => truncate(value, SANITIZE_LIMITS.id);
export const sanitizeString = (value: string) => truncate(value, SANITIZE_LIMITS.string);
export const sanitizeUrl = (value: string) => truncate(value, SANITIZE_LIMITS.url);
export const sanitizeMessage = (value: string) => truncate(value, SANITIZE_LIMITS.message);
export const sanitizeException = (value: string) => truncate(value, SANITIZE_LIMITS.exception);

function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Custom properties as strings: keys cut to 150 characters, values to 8192, keys made
 * unique when cutting makes two equal ("key…" and "key…001").
 */
export function sanitizeProperties(properties: Properties | undefined): Record<string, string> | undefined {
  if (!properties) return undefined;
  const result: Record<string, string> = {};
  for (const [rawKey, rawValue] of Object.entries(properties)) {
    if (rawValue === undefined) continue;
    let key = sanitizeName(rawKey);
    for (let suffix = 1; key in result && suffix < 1000; suffix++) {
      key = `${key.slice(0, SANITIZE_LIMITS.name - 3)}${String(suffix).padStart(3, '0')}`;
    }
    result[key] = truncate(stringify(rawValue), SANITIZE_LIMITS.propertyValue);
  }
  return result;
}

export function sanitizeMeasurements(
  measurements: Record<string, number> | undefined,
): Record<string, number> | undefined {
  if (!measurements) return undefined;
  const result: Record<string, number> = {};
  for (const [key, value] of Object.entries(measurements)) {
    if (Number.isFinite(value)) result[sanitizeName(key)] = value;
  }
  return result;
}
