import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { formatDate } from '../lib/dates';
import type { ServiceOffer } from '../model/services';
import styles from './service-state.module.css';

/** Where a service of a listing stands, in a few words: active until, bought on, the plan already, waiting for its payment. */
export function ServiceState({ offer }: { offer: ServiceOffer }) {
  const { t } = useTranslation('buy-service');
  const { state, pending } = offer;
  if (pending)
    return (
      <p className={cx(styles.state, styles.pending)} data-testid="service-state">
        {t('state.pending')}
      </p>
    );
  if (state.kind === 'activeUntil')
    return (
      <p className={cx(styles.state, styles.active)} data-testid="service-state">
        {t('state.activeUntil', { date: formatDate(state.until) })}
      </p>
    );
  if (state.kind === 'currentPlan')
    return (
      <p className={cx(styles.state, styles.active)} data-testid="service-state">
        {t('state.currentPlan')}
      </p>
    );
  if (state.kind === 'bought')
    return (
      <p className={cx(styles.state, styles.bought)} data-testid="service-state">
        {t(offer.canBuy ? 'state.lastBought' : 'state.bought', { date: formatDate(state.on) })}
      </p>
    );
  return null;
}
