import type { SearchParams } from '@domain/search';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { formatThousands } from '@/shared/lib/number';
import { Checkbox } from '@/shared/ui/checkbox';
import { Select } from '@/shared/ui/select';
import {
  applyFilters,
  BATHROOMS,
  CONDITION_IDS,
  CONTRACT_TYPE_IDS,
  FURNISHING_IDS,
  PROPERTY_TYPE_CHOICES,
  PUBLISHED_WITHIN_DAYS,
  RENT_ONLY_FILTERS,
  RENT_PRICES,
  ROOMS,
  SALE_PRICES,
  SEARCH_AMENITY_GROUPS,
  SURFACES,
} from '../model/filters';
import styles from './search-filters.module.css';

export interface SearchFiltersProps {
  value: SearchParams;
  /** The search with the changed filter and no cursor; the page puts it in the URL. */
  onChange(next: SearchParams): void;
}

/** Energy classes worth a box: A4 ... G (exempt and pending are not chosen by people). */
const ENERGY_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const ENERGY_CODE: Record<number, string> = {
  1: 'A4',
  2: 'A3',
  3: 'A2',
  4: 'A1',
  5: 'B',
  6: 'C',
  7: 'D',
  8: 'E',
  9: 'F',
  10: 'G',
};

type FloorChoice = '' | 'ground' | 'upper' | 'high';
function floorChoiceOf(p: SearchParams): FloorChoice {
  if (p.FloorMin === 0 && p.FloorMax === 0) return 'ground';
  if (p.FloorMin === 1 && p.FloorMax === undefined) return 'upper';
  if (p.FloorMin === 3 && p.FloorMax === undefined) return 'high';
  return '';
}
const FLOOR_PATCH: Record<FloorChoice, Pick<SearchParams, 'FloorMin' | 'FloorMax'>> = {
  '': { FloorMin: undefined, FloorMax: undefined },
  ground: { FloorMin: 0, FloorMax: 0 },
  upper: { FloorMin: 1, FloorMax: undefined },
  high: { FloorMin: 3, FloorMax: undefined },
};

const num = (value: string): number | undefined => (value === '' ? undefined : Number(value));

/**
 * Every filter of a search, each applied as soon as it changes (the page updates its URL and
 * the list follows). The contract switch clears the price, whose scale differs between sale and rent.
 */
export function SearchFilters({ value, onChange }: SearchFiltersProps) {
  const { t } = useTranslation('search');
  const set = (patch: Partial<SearchParams>) => onChange(applyFilters(value, patch));
  const prices = value.SellType === 2 ? RENT_PRICES : SALE_PRICES;
  const priceLabel = (price: number) =>
    t(value.SellType === 2 ? 'filters.priceRentOption' : 'filters.priceOption', { price: formatThousands(price) });
  const toggle = <T extends number>(list: readonly T[] | undefined, id: T, on: boolean): T[] => {
    const rest = (list ?? []).filter((item) => item !== id);
    return on ? [...rest, id].sort((a, b) => a - b) : rest;
  };

  return (
    <div className={styles.filters}>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('filters.contract')}</legend>
        <div className={styles.segmented}>
          {([1, 2] as const).map((sellType) => (
            <label key={sellType} className={styles.segment}>
              <input
                type="radio"
                name="search-contract"
                value={sellType}
                checked={value.SellType === sellType}
                onChange={() =>
                  set({
                    SellType: sellType,
                    PriceMin: undefined,
                    PriceMax: undefined,
                    ...(sellType === 1 ? RENT_ONLY_FILTERS : {}),
                  })
                }
              />
              <span>{t(sellType === 1 ? 'filters.sale' : 'filters.rent')}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <Range legend={t('filters.price')}>
        <Select
          label={t('filters.min')}
          placeholder={t('filters.any')}
          value={value.PriceMin?.toString() ?? ''}
          options={prices.map((price) => ({ value: String(price), label: priceLabel(price) }))}
          onChange={(event) => set({ PriceMin: num(event.target.value) })}
        />
        <Select
          label={t('filters.max')}
          placeholder={t('filters.any')}
          value={value.PriceMax?.toString() ?? ''}
          options={prices.map((price) => ({
            value: String(price),
            label: priceLabel(price),
            disabled: value.PriceMin !== undefined && price < value.PriceMin,
          }))}
          onChange={(event) => set({ PriceMax: num(event.target.value) })}
        />
      </Range>

      {value.SellType === 2 ? (
        <fieldset className={styles.group} data-testid="rent-filters">
          <legend className={styles.legend}>{t('filters.rentTerms')}</legend>
          <div className={styles.subgroups}>
            <Checks legend={t('filters.furnishing')} sub>
              {FURNISHING_IDS.map((id) => (
                <Checkbox
                  key={id}
                  label={t(`furnishingTypes.${id}`)}
                  checked={value.Furnishing?.includes(id) ?? false}
                  onChange={(event) => set({ Furnishing: toggle(value.Furnishing, id, event.target.checked) })}
                />
              ))}
            </Checks>
            <Checks legend={t('filters.contracts')} sub>
              {CONTRACT_TYPE_IDS.map((id) => (
                <Checkbox
                  key={id}
                  label={t(`contractTypes.${id}`)}
                  checked={value.Contracts?.includes(id) ?? false}
                  onChange={(event) => set({ Contracts: toggle(value.Contracts, id, event.target.checked) })}
                />
              ))}
            </Checks>
            <Checkbox
              label={t('filters.pets')}
              checked={value.Pets === true}
              onChange={(event) => set({ Pets: event.target.checked || undefined })}
            />
          </div>
        </fieldset>
      ) : null}

      <Range legend={t('filters.surface')}>
        <Select
          label={t('filters.min')}
          placeholder={t('filters.any')}
          value={value.SurfaceMin?.toString() ?? ''}
          options={SURFACES.map((surface) => ({
            value: String(surface),
            label: t('filters.surfaceOption', { value: surface }),
          }))}
          onChange={(event) => set({ SurfaceMin: num(event.target.value) })}
        />
        <Select
          label={t('filters.max')}
          placeholder={t('filters.any')}
          value={value.SurfaceMax?.toString() ?? ''}
          options={SURFACES.map((surface) => ({
            value: String(surface),
            label: t('filters.surfaceOption', { value: surface }),
            disabled: value.SurfaceMin !== undefined && surface < value.SurfaceMin,
          }))}
          onChange={(event) => set({ SurfaceMax: num(event.target.value) })}
        />
      </Range>

      <Range legend={t('filters.rooms')}>
        <Select
          label={t('filters.min')}
          placeholder={t('filters.any')}
          value={value.RoomsMin?.toString() ?? ''}
          options={ROOMS.map((rooms) => ({ value: String(rooms), label: t('filters.roomsOption', { count: rooms }) }))}
          onChange={(event) => set({ RoomsMin: num(event.target.value) })}
        />
        <Select
          label={t('filters.max')}
          placeholder={t('filters.any')}
          value={value.RoomsMax?.toString() ?? ''}
          options={ROOMS.map((rooms) => ({
            value: String(rooms),
            label: t('filters.roomsOption', { count: rooms }),
            disabled: value.RoomsMin !== undefined && rooms < value.RoomsMin,
          }))}
          onChange={(event) => set({ RoomsMax: num(event.target.value) })}
        />
      </Range>

      <div className={styles.pair}>
        <Select
          label={t('filters.bathrooms')}
          placeholder={t('filters.any')}
          value={value.BathroomsMin?.toString() ?? ''}
          options={BATHROOMS.map((count) => ({ value: String(count), label: t('filters.bathroomsOption', { count }) }))}
          onChange={(event) => set({ BathroomsMin: num(event.target.value) })}
        />
        <Select
          label={t('filters.floor')}
          placeholder={t('filters.any')}
          value={floorChoiceOf(value)}
          options={(['ground', 'upper', 'high'] as const).map((choice) => ({
            value: choice,
            label: t(`filters.floorOptions.${choice}`),
          }))}
          onChange={(event) => set(FLOOR_PATCH[event.target.value as FloorChoice])}
        />
      </div>

      <Checks legend={t('filters.propertyTypes')}>
        {PROPERTY_TYPE_CHOICES.map((id) => (
          <Checkbox
            key={id}
            label={t(`propertyTypes.${id}`)}
            checked={value.PropertyTypes?.includes(id) ?? false}
            onChange={(event) => set({ PropertyTypes: toggle(value.PropertyTypes, id, event.target.checked) })}
          />
        ))}
      </Checks>

      <Checks legend={t('filters.condition')}>
        {CONDITION_IDS.map((id) => (
          <Checkbox
            key={id}
            label={t(`conditions.${id}`)}
            checked={value.Conditions?.includes(id) ?? false}
            onChange={(event) => set({ Conditions: toggle(value.Conditions, id, event.target.checked) })}
          />
        ))}
      </Checks>

      <Checks legend={t('filters.energyClass')} compact>
        {ENERGY_CHOICES.map((id) => (
          <Checkbox
            key={id}
            label={ENERGY_CODE[id]}
            checked={value.EnergyClasses?.includes(id) ?? false}
            onChange={(event) => set({ EnergyClasses: toggle(value.EnergyClasses, id, event.target.checked) })}
          />
        ))}
      </Checks>

      <fieldset className={styles.group} data-testid="amenity-filters">
        <legend className={styles.legend}>{t('filters.amenities')}</legend>
        <div className={styles.subgroups}>
          {SEARCH_AMENITY_GROUPS.map((group) => (
            <Checks key={group.key} legend={t(`filters.amenityGroups.${group.key}`)} sub>
              {group.ids.map((id) => (
                <Checkbox
                  key={id}
                  label={t(`amenities.${id}`)}
                  checked={value.Amenities?.includes(id) ?? false}
                  onChange={(event) => set({ Amenities: toggle(value.Amenities, id, event.target.checked) })}
                />
              ))}
            </Checks>
          ))}
        </div>
      </fieldset>

      <Checks legend={t('filters.other')}>
        <Checkbox
          label={t('filters.privateOnly')}
          checked={value.PrivateOnly === true}
          onChange={(event) => set({ PrivateOnly: event.target.checked || undefined })}
        />
        <Checkbox
          label={t('filters.newBuild')}
          checked={value.NewBuild === true}
          onChange={(event) => set({ NewBuild: event.target.checked || undefined })}
        />
        <Checkbox
          label={t('filters.withPhotos')}
          checked={value.WithPhotos === true}
          onChange={(event) => set({ WithPhotos: event.target.checked || undefined })}
        />
      </Checks>

      <Select
        label={t('filters.publishedWithin')}
        placeholder={t('filters.anyTime')}
        value={value.PublishedWithin?.toString() ?? ''}
        options={PUBLISHED_WITHIN_DAYS.map((days) => ({
          value: String(days),
          label: t(`filters.publishedOptions.${days}`),
        }))}
        onChange={(event) => set({ PublishedWithin: num(event.target.value) as SearchParams['PublishedWithin'] })}
      />

      <KeywordField
        key={value.Text ?? ''}
        value={value.Text ?? ''}
        onApply={(text) => set({ Text: text || undefined })}
      />
    </div>
  );
}

function Range({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.pair}>{children}</div>
    </fieldset>
  );
}

/** A fieldset of checkboxes; `sub` is a group inside another (a smaller heading). */
function Checks({
  legend,
  children,
  compact = false,
  sub = false,
}: {
  legend: string;
  children: ReactNode;
  compact?: boolean;
  sub?: boolean;
}) {
  return (
    <fieldset className={styles.group}>
      <legend className={sub ? styles.subLegend : styles.legend}>{legend}</legend>
      <div className={compact ? styles.checksCompact : styles.checks}>{children}</div>
    </fieldset>
  );
}

/** Free text applies when the visitor is done typing: Enter, or leaving the field. Keyed by the applied text, so a new search resets it. */
function KeywordField({ value, onApply }: { value: string; onApply(text: string): void }) {
  const { t } = useTranslation('search');
  const id = useId();
  const [text, setText] = useState(value);
  const apply = () => {
    const clean = text.replace(/[<>]/g, '').trim().slice(0, 100);
    if (clean !== value) onApply(clean);
  };
  return (
    <div className={styles.keywords}>
      <label htmlFor={id} className={styles.legend}>
        {t('filters.keywords')}
      </label>
      <input
        id={id}
        type="search"
        className={styles.input}
        value={text}
        maxLength={100}
        placeholder={t('filters.keywordsPlaceholder')}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
    </div>
  );
}
