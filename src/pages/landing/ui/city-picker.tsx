import { useNavigate } from '@tanstack/react-router';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { provinceSlugOf, type HomeCity } from '@/entities/city';
import { useTranslation } from '@/shared/i18n';
import { municipalityListPath, type LandingMode } from '../model/landing-mode';
import styles from './landing-page.module.css';

interface CityPickerProps {
  mode: LandingMode;
  typeSlug?: string;
  cities: HomeCity[] | undefined;
  isLoading: boolean;
}

const collator = new Intl.Collator('it', { sensitivity: 'base' });

export function CityPicker({ mode, typeSlug, cities, isLoading }: CityPickerProps) {
  const { t } = useTranslation('landing');
  const navigate = useNavigate();
  const [cityId, setCityId] = useState('');
  const [showError, setShowError] = useState(false);
  const id = useId();
  const selectId = `${id}-city`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const sorted = useMemo(() => [...(cities ?? [])].sort((a, b) => collator.compare(a.Name, b.Name)), [cities]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const city = sorted.find((candidate) => String(candidate.Id) === cityId);
    if (!city) {
      setShowError(true);
      return;
    }
    void navigate({ to: municipalityListPath(mode, typeSlug, provinceSlugOf(city)) });
  };

  return (
    <form className={styles.picker} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.pickerTitle}>
        {t(`modes.${mode}.picker.title`)}
      </h2>
      <label htmlFor={selectId} className={styles.label}>
        {t(`modes.${mode}.picker.label`)}
      </label>
      <div className={styles.pickerRow}>
        <select
          id={selectId}
          className={styles.select}
          value={cityId}
          onChange={(event) => {
            setCityId(event.target.value);
            if (event.target.value) setShowError(false);
          }}
          aria-describedby={showError ? `${errorId} ${hintId}` : hintId}
          aria-invalid={showError || undefined}
          disabled={isLoading && sorted.length === 0}
        >
          <option value="">{isLoading ? t('common.loading') : t('common.citySelectPlaceholder')}</option>
          {sorted.map((city) => (
            <option key={city.Id} value={String(city.Id)}>
              {t('common.cityOption', { city: city.Name, province: city.ProvinceCode })}
            </option>
          ))}
        </select>
        <button type="submit" className={styles.button}>
          {t(`modes.${mode}.picker.submit`)}
        </button>
      </div>
      {showError && (
        <p id={errorId} className={styles.fieldError} role="alert">
          {t('common.cityRequired')}
        </p>
      )}
      <p id={hintId} className={styles.hint}>
        {t(`modes.${mode}.picker.hint`)}
      </p>
    </form>
  );
}
