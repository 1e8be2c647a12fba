/** "Monza e della Brianza" -> "monza-e-della-brianza", "Reggio nell'Emilia" -> "reggio-nell-emilia". */
export function slugify(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The province segment of the municipality-list URL for a city. */
export function provinceSlugOf(city: { ProvinceName: string }): string {
  return slugify(city.ProvinceName);
}
