/**
 * Where a home is: the municipality (autocomplete over GET /api/Search/Places), street and
 * number, and a pin on a map that loads on demand (maplibre in its own chunk, never in a
 * first screen). `LocationPicker` is controlled over a `LocationDraft`; `toPickedLocation`
 * turns a complete draft into the answer (the wizard's `Locality` without `showAddress`,
 * plus the town's name). `LocalityStep` is step 2 of the listing wizard (a `StepView<'locality'>`),
 * to be registered lazily: `locality: () => import('@/features/pick-location/ui/locality-step')`
 * is not allowed across slices, so use `loadLocalityStep`.
 */
export { LocationPicker, focusFirstInvalid, type LocationPickerProps } from './ui/location-picker';
export { MunicipalityCombobox, type MunicipalityComboboxProps } from './ui/municipality-combobox';
export { preloadPinMap } from './ui/pin-map-lazy';
export type { LocalityStepProps } from './ui/locality-step';
export { loadLocalityStep } from './ui/load-locality-step';
export {
  EMPTY_LOCATION,
  MAX_PIN_DISTANCE_M,
  draftOf,
  locationProblems,
  toPickedLocation,
  type LatLng,
  type LocationDraft,
  type LocalityAnswer,
  type LocationProblem,
  type Municipality,
  type PickedLocation,
} from './model/location';
export { municipalityQueryOptions, findMunicipalities } from './api/municipalities';
