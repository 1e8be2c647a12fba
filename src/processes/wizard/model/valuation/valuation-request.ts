import type { components } from '@/shared/api';
import type { MarketResult, WizardAnswers } from '@domain/wizard-steps';

export type ValuationRequest = components['schemas']['ValuationRequest'];
export type ValuationAnswer = components['schemas']['Valuation'];

/**
 * The body of POST /api/Valuation from a wizard's answers (docs/valuation.md): the pin, the type,
 * surface, rooms, floors, condition and energy class, for a sale (1, the valuation wizard's) or a
 * rent (the listing wizard's step 14 of a rent). Null while an answer the method needs is missing
 * (the machines never search before those steps, so it is a bug then).
 */
export function valuationRequestOf(
  answers: WizardAnswers,
  address: string,
  sellType: ValuationRequest['SellType'] = 1,
): ValuationRequest | null {
  const { locality, propertyType, surface, composition, floors, renovation, energyClass } = answers;
  if (!locality || !propertyType || !surface || !renovation) return null;
  return {
    SellType: sellType,
    Latitude: locality.latitude,
    Longitude: locality.longitude,
    Address: address.slice(0, 300),
    PropertyTypeId: propertyType.propertyTypeId,
    SurfaceM2: surface.surfaceM2,
    Rooms: composition?.rooms ?? null,
    Bathrooms: composition?.bathrooms ?? null,
    Floor: floors?.floor ?? null,
    BuildingFloors: floors?.buildingFloors ?? null,
    HasLift: floors?.hasLift ?? null,
    ConditionId: renovation.conditionId,
    EnergyClassId: energyClass?.energyClassId ?? null,
  };
}

/**
 * Step 14's answer from the valuation, for both wizards (docs/valuation.md): found when the method
 * gave an estimate, with the comparables it used (an outlier is shown but left out of the estimate,
 * so it is not counted among them) and the Low/High range; nothing found otherwise.
 */
export function marketResultOf(valuation: ValuationAnswer): MarketResult {
  const used = valuation.Comparables.filter((comparable) => !comparable.Outlier).map((comparable) => comparable.Id);
  if (valuation.Outcome !== 'estimate' || !valuation.Estimate || used.length === 0)
    return { found: false, comparableIds: [], estimateMin: null, estimateMax: null };
  return {
    found: true,
    comparableIds: used,
    estimateMin: valuation.Estimate.Low,
    estimateMax: valuation.Estimate.High,
  };
}
