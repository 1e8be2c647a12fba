import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icon';
import type { PropertyAdvertiser } from '../api/property-api';
import styles from './property-page.module.css';

export function AdvertiserBox({ advertiser }: { advertiser: PropertyAdvertiser }) {
  const { t } = useTranslation('property');
  const agency = advertiser.Kind === 'agency';
  return (
    <section className={styles.card} aria-labelledby="property-advertiser" data-testid="advertiser">
      <h2 id="property-advertiser" className={styles.cardTitle}>
        {t('advertiser.title')}
      </h2>
      <div className={styles.advertiser}>
        {agency && advertiser.LogoUrl ? (
          <img className={styles.logo} src={advertiser.LogoUrl} alt={t('advertiser.logoAlt', { name: advertiser.Name })} width={64} height={64} loading="lazy" decoding="async" />
        ) : (
          <span className={styles.logoPlaceholder} aria-hidden="true">
            {advertiser.Name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <p className={styles.advertiserKind}>{agency ? t('advertiser.agency') : t('advertiser.private')}</p>
          <p className={styles.advertiserName}>{advertiser.Name}</p>
        </div>
      </div>
      {agency && advertiser.AgencySlug ? (
        <Link to="/agenzie/$name" params={{ name: advertiser.AgencySlug }} className={styles.textLink}>
          {t('advertiser.agencyLink')}
        </Link>
      ) : null}
      {!agency ? <p className={styles.note}>{t('advertiser.privateText')}</p> : null}
    </section>
  );
}

const loadVisitDialog = () => import('./visit-dialog');
const VisitDialog = lazy(loadVisitDialog);

/**
 * "Richiedi una visita": the advertiser's way to book one, as it stands today. An agency
 * takes the call; for a private owner Rexer passes the request on from the contact page.
 */
export function VisitRequest({ id, advertiser }: { id: number; advertiser: PropertyAdvertiser }) {
  const { t } = useTranslation('property');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="accent" fullWidth onClick={() => setOpen(true)} onPointerEnter={() => void loadVisitDialog()} onFocus={() => void loadVisitDialog()}>
        {t('actions.visit')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <VisitDialog id={id} advertiser={advertiser} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Shares the page with the system's sheet where there is one; copies its link otherwise. */
export function ShareButton({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('property');
  const [message, setMessage] = useState<string | null>(null);
  const share = async () => {
    setMessage(null);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The visitor closed the sheet: nothing to say.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setMessage(t('actions.copied'));
    } catch {
      setMessage(t('actions.copyFailed'));
    }
  };
  return (
    <span className={styles.share}>
      <Button variant="secondary" onClick={() => void share()} icon={<Icon name="external" />}>
        {t('actions.share')}
      </Button>
      <span className={styles.shareMessage} role="status">
        {message}
      </span>
    </span>
  );
}
