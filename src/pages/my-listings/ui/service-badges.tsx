import { useTranslation } from '@/shared/i18n';
import { isRunning } from '../model/listing-links';
import { formatDate } from '../model/messages';
import styles from './my-listings.module.css';

/** The paid periods running on a listing: «In prima fila fino al …», «Premium fino al …». */
export function ServiceBadges({
  highlightedUntil,
  premiumUntil,
}: {
  highlightedUntil: string | null | undefined;
  premiumUntil: string | null | undefined;
}) {
  const { t } = useTranslation('my-listings');
  const highlighted = isRunning(highlightedUntil) ? highlightedUntil : null;
  const premium = isRunning(premiumUntil) ? premiumUntil : null;
  if (!highlighted && !premium) return null;
  return (
    <ul className={styles.serviceBadges} aria-label={t('services.label')}>
      {highlighted ? (
        <li className={styles.serviceBadge} data-testid="highlighted-until">
          {t('services.highlighted', { date: formatDate(highlighted) })}
        </li>
      ) : null}
      {premium ? (
        <li className={styles.serviceBadge} data-testid="premium-until">
          {t('services.premium', { date: formatDate(premium) })}
        </li>
      ) : null}
    </ul>
  );
}
