import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClassName } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icon';
import { Modal } from '@/shared/ui/modal';
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

/**
 * "Richiedi una visita": the advertiser's way to book one, as it stands today. An agency
 * takes the call; for a private owner Rexer passes the request on from the contact page.
 */
export function VisitRequest({ id, advertiser }: { id: number; advertiser: PropertyAdvertiser }) {
  const { t } = useTranslation('property');
  const [open, setOpen] = useState(false);
  const agency = advertiser.Kind === 'agency';
  return (
    <>
      <Button variant="accent" fullWidth onClick={() => setOpen(true)}>
        {t('actions.visit')}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('visit.title')} closeLabel={t('visit.close')} size="small">
        <div className={styles.visit}>
          {agency ? (
            <>
              <p>{t(advertiser.Phone ? 'visit.agencyText' : 'visit.agencyNoPhone', { name: advertiser.Name })}</p>
              <p className={styles.reference}>{t('visit.reference', { id })}</p>
              {advertiser.Phone ? (
                <a className={buttonClassName({ variant: 'primary', fullWidth: true })} href={`tel:${advertiser.Phone.replace(/[^\d+]/g, '')}`}>
                  <Icon name="phone" /> {t('visit.call', { phone: advertiser.Phone })}
                </a>
              ) : advertiser.AgencySlug ? (
                <Link to="/agenzie/$name" params={{ name: advertiser.AgencySlug }} className={buttonClassName({ variant: 'primary', fullWidth: true })}>
                  {t('advertiser.agencyLink')}
                </Link>
              ) : null}
            </>
          ) : (
            <>
              <p>{t('visit.privateText')}</p>
              <p className={styles.reference}>{t('visit.reference', { id })}</p>
              <Link to="/contatti" className={buttonClassName({ variant: 'primary', fullWidth: true })}>
                {t('visit.contact')}
              </Link>
            </>
          )}
        </div>
      </Modal>
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
