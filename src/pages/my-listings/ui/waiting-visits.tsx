import { useTranslation } from '@/shared/i18n';
import { HrefLink } from '@/shared/ui/href-link';
import styles from './my-listings.module.css';

/** The owner's side of My appointments, "in attesa" (the appointments page reads `ruolo`). */
export const OWNER_WAITING_VISITS_HREF = '/myrexer/appuntamenti/0?ruolo=proprietario';

/** "2 richieste di visita in attesa di risposta", leading to them; nothing while none wait. */
export function WaitingVisitsLink({ count }: { count: number | undefined }) {
  const { t } = useTranslation('my-listings');
  if (!count) return null;
  return (
    <HrefLink href={OWNER_WAITING_VISITS_HREF} className={styles.waitingVisits} data-testid="waiting-visits">
      {t('visits.waiting', { count })}
    </HrefLink>
  );
}

/**
 * The single listing's visit requests: how many wait for an answer (undefined while counting,
 * null when the count failed), and the way to them.
 */
export function WaitingVisitsSection({ count }: { count: number | undefined | null }) {
  const { t } = useTranslation('my-listings');
  return (
    <section className={styles.quality} aria-labelledby="visits-title" data-testid="visit-requests">
      <h2 id="visits-title" className={styles.sectionTitle}>
        {t('visits.title')}
      </h2>
      <p className={styles.qualityIntro}>
        {count === undefined
          ? t('visits.loading')
          : count === null
            ? t('visits.error')
            : count > 0
              ? t('visits.waitingText', { count })
              : t('visits.none')}
      </p>
      <HrefLink href={OWNER_WAITING_VISITS_HREF} className={styles.publicLink}>
        {t('visits.all')}
      </HrefLink>
    </section>
  );
}
