import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import {
  EMPTY_LOCATION,
  focusFirstInvalid,
  LocationPicker,
  toPickedLocation,
  type LocationDraft,
  type PickedLocation,
} from '@/features/pick-location';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { PageMeta } from '@/shared/ui/page-meta';
import { valuationCityQueryOptions } from '../api/city-query';
import styles from './valuation-wizard-page.module.css';

export interface ValuationStartPageProps {
  /** /valutocasa/citta/{city}: the town is chosen already. */
  citySlug?: string;
  /** /valutocasa?agenzia={slug}: the agency the valuation is asked through (its name), when known. */
  agencyName?: string | null;
  /** A valuation left midway in this tab (its address), offered to resume. */
  inProgress: { address: string } | null;
  onStart: (location: PickedLocation) => void;
  onResume: () => void;
  onRestart: () => void;
}

/** /valutocasa (and /valutocasa/citta/{city}): where the home is, then the wizard. */
export function ValuationStartPage({
  citySlug,
  agencyName,
  inProgress,
  onStart,
  onResume,
  onRestart,
}: ValuationStartPageProps) {
  const { t } = useTranslation('valuation-wizard');
  const city = useQuery({ ...valuationCityQueryOptions(citySlug ?? ''), enabled: Boolean(citySlug) });
  const town = citySlug ? (city.data ?? null) : null;
  const [draft, setDraft] = useState<LocationDraft | null>(null);
  // The town of the URL is the first choice until the visitor changes it.
  const location = draft ?? { ...EMPTY_LOCATION, municipality: town };
  const [showErrors, setShowErrors] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const picked = toPickedLocation(location);
    if (!picked) {
      setShowErrors(true);
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    onStart(picked);
  };

  const title = town ? t('start.titleCity', { city: town.name }) : t('start.title');
  return (
    <div className={styles.start}>
      <PageMeta
        title={town ? t('meta.titleCity', { city: town.name }) : t('meta.title')}
        description={t('meta.description')}
      />
      <div className={styles.startInner}>
        <header className={styles.startHeader}>
          <h1 className={styles.startTitle}>{title}</h1>
          <p className={styles.startIntro}>{t('start.intro')}</p>
          {agencyName ? (
            <p className={styles.through} data-testid="valuation-through">
              {t('through', { agency: agencyName })}
            </p>
          ) : null}
        </header>
        {inProgress ? (
          <section className={styles.resume} aria-labelledby="valuation-resume-title">
            <h2 id="valuation-resume-title" className={styles.resumeTitle}>
              {t('start.resume.title')}
            </h2>
            <p className={styles.resumeText}>{t('start.resume.text', { address: inProgress.address })}</p>
            <div className={styles.resumeActions}>
              <Button onClick={onResume}>{t('start.resume.continue')}</Button>
              <Button variant="secondary" onClick={onRestart}>
                {t('start.resume.restart')}
              </Button>
            </div>
          </section>
        ) : null}
        <form
          ref={formRef}
          className={styles.startForm}
          onSubmit={submit}
          noValidate
          aria-labelledby="valuation-form-title"
        >
          <h2 id="valuation-form-title" className={styles.formTitle}>
            {t('start.formTitle')}
          </h2>
          <LocationPicker value={location} onChange={setDraft} showErrors={showErrors} />
          <Button type="submit" size="large" fullWidth>
            {t('start.submit')}
          </Button>
        </form>
        <section className={styles.points} aria-labelledby="valuation-points-title">
          <h2 id="valuation-points-title" className={styles.formTitle}>
            {t('start.points.title')}
          </h2>
          <ol className={styles.pointList}>
            <li>{t('start.points.one')}</li>
            <li>{t('start.points.two')}</li>
            <li>{t('start.points.three')}</li>
          </ol>
        </section>
      </div>
    </div>
  );
}
