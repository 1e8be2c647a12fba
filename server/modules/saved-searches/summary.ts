import type { SearchParams } from '@domain/search';
import type { TypeSlug } from '@domain/public-pages';

/** The names a summary needs that the params only carry as codes or ids (read by the repository). */
export interface SummaryNames {
  town?: string;
  province?: string;
  region?: string;
  district?: string;
  agency?: string;
  /** Plural names of PropertyTypes, in the params' order. */
  propertyTypes?: string[];
}

const TYPE_LABEL: Record<TypeSlug, string> = {
  appartamenti: 'Appartamenti',
  case: 'Case',
  monolocali: 'Monolocali',
  bilocali: 'Bilocali',
  trilocali: 'Trilocali',
  quadrilocali: 'Quadrilocali',
  'case-e-appartamenti': 'Case e appartamenti',
  'locali-commerciali': 'Locali commerciali',
};

/** 450000 → "450.000" (Italian grouping, also for four digits: "1.200"). */
export function euros(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

function range(
  min: number | undefined,
  max: number | undefined,
  unit: string,
  format: (n: number) => string = String,
): string | undefined {
  if (min !== undefined && max !== undefined)
    return min === max ? `${format(min)} ${unit}` : `da ${format(min)} a ${format(max)} ${unit}`;
  if (max !== undefined) return `fino a ${format(max)} ${unit}`;
  if (min !== undefined) return `da ${format(min)} ${unit}`;
  return undefined;
}

function distance(metres: number | undefined): string {
  const m = metres ?? 2000;
  return m >= 1000
    ? `${Number((m / 1000).toFixed(1))
        .toString()
        .replace('.', ',')} km`
    : `${m} m`;
}

function where(p: SearchParams, names: SummaryNames): string {
  switch (p.SearchType) {
    case 'town':
      return `a ${names.town ?? 'un comune'}`;
    case 'province':
      return `in provincia di ${names.province ?? p.Province}`;
    case 'region':
      return `in ${names.region ?? p.Region}`;
    case 'district':
      return `in zona ${names.district ?? 'quartiere'}`;
    case 'agency':
      return `dell'agenzia ${names.agency ?? 'scelta'}`;
    case 'draw':
      return "nell'area disegnata sulla mappa";
    case 'circle':
    case 'place':
    case 'proximity':
      return `entro ${distance(p.Radius)} da ${p.Place ?? 'un punto sulla mappa'}`;
    default:
      return 'in tutta Italia';
  }
}

/**
 * The Italian one-line description of a saved search, as the list of /myrexer/ricerche and
 * the alert mails show it: "Trilocali in vendita a Bologna, fino a 450.000 €, da 70 m²".
 */
export function summarize(p: SearchParams, names: SummaryNames = {}): string {
  const what = p.Type
    ? TYPE_LABEL[p.Type]
    : names.propertyTypes && names.propertyTypes.length > 0
      ? joinAnd(names.propertyTypes)
      : 'Immobili';
  const sell = p.SellType === 2 ? 'in affitto' : 'in vendita';
  const extra: string[] = [];
  if (p.Text) extra.push(`con «${p.Text}»`);
  const price = range(p.PriceMin, p.PriceMax, p.SellType === 2 ? '€/mese' : '€', euros);
  if (price) extra.push(price);
  const surface = range(p.SurfaceMin, p.SurfaceMax, 'm²');
  if (surface) extra.push(surface);
  if (p.RoomsMin !== undefined || p.RoomsMax !== undefined) {
    const rooms =
      p.RoomsMin !== undefined && p.RoomsMax === undefined
        ? `almeno ${p.RoomsMin} locali`
        : range(p.RoomsMin, p.RoomsMax, 'locali');
    if (rooms) extra.push(rooms);
  }
  if (p.BathroomsMin) extra.push(p.BathroomsMin === 1 ? 'almeno 1 bagno' : `almeno ${p.BathroomsMin} bagni`);
  if (p.NewBuild) extra.push('nuove costruzioni');
  if (p.WithPhotos) extra.push('con foto');
  if (p.PrivateOnly) extra.push('solo privati');
  if (p.Pets) extra.push('animali ammessi');
  if (p.PublishedWithin)
    extra.push(
      p.PublishedWithin === 1 ? "pubblicati nell'ultimo giorno" : `pubblicati negli ultimi ${p.PublishedWithin} giorni`,
    );
  return [`${what} ${sell} ${where(p, names)}`, ...extra].join(', ');
}

function joinAnd(items: string[]): string {
  const words = items.map((item, index) => (index === 0 ? item : item.toLowerCase()));
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} e ${words.at(-1)}` : (words[0] ?? '');
}
