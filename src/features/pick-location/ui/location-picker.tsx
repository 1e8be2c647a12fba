import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { configQueryOptions } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { FieldMessage } from '@/shared/ui/field';
import { TextField } from '@/shared/ui/text-field';
import { streetPositionQueryOptions } from '../api/municipalities';
import {
  bearingFrom,
  locationProblems,
  placedPin,
  MAX_PIN_DISTANCE_M,
  STREET_MAX,
  STREET_NUMBER_MAX,
  type LatLng,
  type LocationDraft,
  type LocationField,
  type LocationProblem,
  type Municipality,
} from '../model/location';
import { MunicipalityCombobox } from './municipality-combobox';
import { PinMapLazy, preloadPinMap } from './pin-map-lazy';
import styles from './location-picker.module.css';
import { useDebounced } from '@/shared/lib/debounce';

export interface LocationPickerProps {
  value: LocationDraft;
  onChange: (value: LocationDraft) => void;
  /** Show what is missing or wrong (after the first attempt to go on). */
  showErrors: boolean;
}

/** The Italian message of a problem. */
export function useLocationMessages() {
  const { t } = useTranslation('pick-location');
  return (problem: LocationProblem, town: string | undefined): string => {
    if (problem.field === 'street' && problem.kind === 'tooLong') return t('street.tooLong', { max: STREET_MAX });
    if (problem.field === 'streetNumber' && problem.kind === 'tooLong')
      return t('streetNumber.tooLong', { max: STREET_NUMBER_MAX });
    if (problem.field === 'pin' && problem.kind === 'tooFar')
      return t('pin.tooFar', { town: town ?? '', km: MAX_PIN_DISTANCE_M / 1000 });
    return t(`${problem.field}.${problem.kind}`);
  };
}

function useDistanceText() {
  const { t } = useTranslation('pick-location');
  return (center: LatLng | null, pin: LatLng, town: string) => {
    if (!center) return t('pin.placed');
    const { distanceM, direction } = bearingFrom(center, pin);
    if (distanceM < 50) return t('pin.atCentre', { town });
    const distance =
      distanceM < 1000
        ? t('pin.metres', { count: Math.round(distanceM / 10) * 10 })
        : t('pin.kilometres', {
            km: new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 }).format(distanceM / 1000),
          });
    return t('pin.from', { distance, direction: t(`direction.${direction}`), town });
  };
}

/** How long the address must stay unchanged before the pin looks for the street. */
const STREET_LOOKUP_DELAY_MS = 600;

/** The first control in error inside `root` (the fields mark it aria-invalid, the pin's button data-invalid). */
export function focusFirstInvalid(root: HTMLElement | null): void {
  root?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')?.focus();
}

/**
 * Where the home is: the municipality (autocomplete), the street and number, and a pin on a
 * map that loads only when the seller opens it. Controlled: the parent holds the draft
 * (`LocationDraft`) and turns it into an answer with `toPickedLocation`.
 */
export function LocationPicker({ value, onChange, showErrors }: LocationPickerProps) {
  const { t } = useTranslation('pick-location');
  const messageOf = useLocationMessages();
  const distanceText = useDistanceText();
  const config = useQuery(configQueryOptions());
  const [mapOpen, setMapOpen] = useState(false);
  const pinId = useId();
  const town = value.municipality;
  const problems = showErrors ? locationProblems(value) : [];
  const errorOf = (field: LocationField) => {
    const problem = problems.find((p) => p.field === field);
    return problem ? messageOf(problem, town?.name) : undefined;
  };
  const pinError = errorOf('pin');

  // The typed address places the pin (placedPin): the town's centre at once, then the
  // street's known position once the seller has paused typing; never a pin the seller moved.
  const address = useDebounced(`${value.street}\u0000${value.streetNumber}`, STREET_LOOKUP_DELAY_MS);
  const [typedStreet = '', typedNumber = ''] = address.split('\u0000');
  const lookup = useQuery({
    ...streetPositionQueryOptions(town?.istat ?? '', typedStreet, typedNumber),
    enabled: Boolean(town) && typedStreet.trim().length >= 3 && value.pinFrom !== 'seller',
  });
  const known = lookup.isSuccess && lookup.data ? lookup.data : null;
  // While the street is looked up, a pin already placed waits for the answer instead of
  // jumping to the centre and back.
  const waiting = lookup.isFetching && value.pin !== null;
  useEffect(() => {
    if (waiting || value.pinFrom === 'seller' || !value.municipality) return;
    const next = placedPin(value, known);
    if (next !== value) onChange(next);
  }, [waiting, known, value, onChange]);

  const setMunicipality = (municipality: Municipality | null) => {
    if (municipality) preloadPinMap();
    // A pin belongs to its town: a new town starts from its centre.
    onChange(
      municipality
        ? placedPin({ ...value, municipality, pin: null, pinFrom: undefined }, null)
        : { ...value, municipality, pin: null, pinFrom: undefined },
    );
    if (!municipality) setMapOpen(false);
  };

  const openMap = () => {
    setMapOpen(true);
    if (!value.pin) onChange(placedPin(value, null));
  };

  const pinText =
    town && value.pin
      ? value.pinFrom === 'street'
        ? t('pin.onStreet', { street: value.street.trim(), town: town.name })
        : distanceText(town.center, value.pin, town.name)
      : null;

  return (
    <div className={styles.picker}>
      <MunicipalityCombobox value={town} onChange={setMunicipality} error={errorOf('municipality')} />
      <div className={styles.addressRow}>
        <TextField
          className={styles.street}
          label={t('street.label')}
          autoComplete="address-line1"
          maxLength={STREET_MAX + 20}
          value={value.street}
          error={errorOf('street')}
          onChange={(event) => onChange({ ...value, street: event.target.value })}
        />
        <TextField
          className={styles.number}
          label={t('streetNumber.label')}
          autoComplete="off"
          maxLength={STREET_NUMBER_MAX + 5}
          value={value.streetNumber}
          error={errorOf('streetNumber')}
          onChange={(event) => onChange({ ...value, streetNumber: event.target.value })}
        />
      </div>

      <section className={styles.pinSection} aria-labelledby={`${pinId}-title`}>
        <h2 id={`${pinId}-title`} className={styles.pinTitle}>
          {t('pin.title')}
        </h2>
        {!town ? (
          <p className={styles.pinHint}>{t('pin.chooseTownFirst')}</p>
        ) : mapOpen && value.pin ? (
          <>
            <p className={styles.pinHint} id={`${pinId}-help`}>
              {t('pin.help')}
            </p>
            <div className={styles.mapBox}>
              <PinMapLazy
                // Another town draws a new map, centred on it and labelled with its name.
                key={town.istat}
                pin={value.pin}
                town={{ name: town.name, center: town.center }}
                onPinChange={(pin) => onChange({ ...value, pin, pinFrom: 'seller' })}
                tileUrl={config.data?.TileUrl ?? null}
                pmtilesUrl={config.data?.BasemapPmtilesUrl ?? null}
                pinLabel={t('pin.label', { position: pinText ?? '' })}
              />
            </div>
            <p className={styles.pinStatus} role="status" aria-live="polite">
              {pinText}
            </p>
            {town.center ? (
              <Button
                variant="ghost"
                size="small"
                onClick={() => onChange({ ...value, pin: town.center, pinFrom: 'seller' })}
              >
                {t('pin.reset', { town: town.name })}
              </Button>
            ) : null}
          </>
        ) : (
          <>
            {value.pin ? (
              <p className={styles.pinStatus} role="status" aria-live="polite">
                {pinText} {value.pinFrom === 'seller' ? null : t('pin.placedForYou')}
              </p>
            ) : (
              <p className={styles.pinHint}>{t('pin.why')}</p>
            )}
            <Button
              data-invalid={pinError ? 'true' : undefined}
              variant="secondary"
              onClick={openMap}
              onPointerEnter={preloadPinMap}
              aria-describedby={pinError ? `${pinId}-error` : undefined}
            >
              {!value.pin ? t('pin.open') : value.pinFrom === 'seller' ? t('pin.edit') : t('pin.check')}
            </Button>
          </>
        )}
        {pinError ? (
          <FieldMessage id={`${pinId}-error`} tone="error">
            {pinError}
          </FieldMessage>
        ) : null}
      </section>
    </div>
  );
}
