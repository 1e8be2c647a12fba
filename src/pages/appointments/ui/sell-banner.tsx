import { useNavigate } from '@tanstack/react-router';
import { LOGIN_SOURCE } from '@domain/session';
import { loadSessionRuntime, useSessionView } from '@/entities/session';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import styles from './appointments.module.css';

type WizardPath = '/annuncio/vendocasa' | '/annuncio/affittocasa';

/**
 * "Create listing from appointment" (login source 6): someone who asks to visit homes may
 * have one to sell or let. A logged-in user goes straight to the listing wizard; anyone else
 * (a session that ended meanwhile) logs in first with source 6, which redirects there.
 */
export function SellBanner() {
  const { t } = useTranslation('appointments');
  const session = useSessionView();
  const navigate = useNavigate();
  const start = (to: WizardPath) => {
    if (session.isLoggedIn) return void navigate({ to });
    void loadSessionRuntime().then((runtime) =>
      runtime.openLogin({ source: LOGIN_SOURCE.createListingFromAppointment, redirectTo: to }),
    );
  };

  return (
    <aside className={styles.sell} aria-labelledby="appointments-sell-title" data-testid="sell-banner">
      <div className={styles.sellText}>
        <h2 id="appointments-sell-title" className={styles.sellTitle}>
          {t('sell.title')}
        </h2>
        <p className={styles.sellBody}>{t('sell.text')}</p>
      </div>
      <div className={styles.sellActions}>
        <Button onClick={() => start('/annuncio/vendocasa')} data-testid="sell-start">
          {t('sell.cta')}
        </Button>
        <button type="button" className={styles.sellRent} onClick={() => start('/annuncio/affittocasa')}>
          {t('sell.rent')}
        </button>
      </div>
    </aside>
  );
}
