import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import styles from './my-listings.module.css';

const TONE: Record<number, string | undefined> = {
  1: styles.draft,
  2: styles.published,
  3: styles.suspended,
  4: styles.sold,
};

/** "Pubblicato", "Bozza", "Sospeso", "Venduto" (or "Affittato" for a rent). */
export function StatusBadge({ status, sellType }: { status: number; sellType: number | null }) {
  const { t } = useTranslation('my-listings');
  const key = status === 4 && sellType === 2 ? 'status.4rent' : `status.${status}`;
  return (
    <span className={cx(styles.badge, TONE[status])} data-testid="listing-status" data-status={status}>
      {t(key)}
    </span>
  );
}
