/** The EPgl,nren index in Italian figures: "95,4". */
export function formatEnergyIndex(value: number): string {
  return value.toLocaleString('it-IT', { maximumFractionDigits: 2 });
}
