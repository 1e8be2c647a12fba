import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The words the search writes into its answers (an area's name, a place's), from the namespace
 * `search-server` of locales/it, read once when the module loads, as server/plugins/pages.ts reads the
 * app's: the code holds no Italian copy. Values go in with i18next's `{{name}}` placeholders.
 */
const WORDS_FILE = fileURLToPath(new URL('../../../locales/it/search-server.json', import.meta.url));

interface SearchWords {
  area: { province: string };
}

const words = JSON.parse(readFileSync(WORDS_FILE, 'utf8')) as SearchWords;
if (typeof words.area?.province !== 'string') throw new Error(`${WORDS_FILE}: area.province is missing`);

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/** A province as an area's name and a place suggestion's (the locale's `area.province` around the province's name). */
export function provinceAreaName(name: string): string {
  return fill(words.area.province, { name });
}
