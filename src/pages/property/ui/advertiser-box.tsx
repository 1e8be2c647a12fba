import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { BookVisit, preloadBookVisit } from '@/features/book-visit';
import { preloadWriteToOwner, WriteToOwner } from '@/features/write-to-owner';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icon';
import type { PropertyAdvertiser } from '../api/property-api';
import { detailLayout } from '@/shared/ui/detail-layout';
import styles from './property-page.module.css';

/** The advertiser; on an active private owner's listing, "Scrivi al proprietario" (`onWrite`). */
export function AdvertiserBox({ advertiser, onWrite }: { advertiser: PropertyAdvertiser; onWrite?: () => void }) {
  const { t } = useTranslation('property');
  const agency = advertiser.Kind === 'agency';
  return (
    <section className={styles.card} aria-labelledby="property-advertiser" data-testid="advertiser">
      <h2 id="property-advertiser" className={styles.cardTitle}>
        {t('advertiser.title')}
      </h2>
      <div className={styles.advertiser}>
        {agency && advertiser.LogoUrl ? (
          <img
            className={styles.logo}
            src={advertiser.LogoUrl}
            alt={t('advertiser.logoAlt', { name: advertiser.Name })}
            width={64}
            height={64}
            loading="lazy"
            decoding="async"
          />
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
      {!agency ? <p className={detailLayout.note}>{t('advertiser.privateText')}</p> : null}
      {!agency && onWrite ? (
        <Button
          variant="secondary"
          fullWidth
          onClick={onWrite}
          onPointerEnter={preloadWriteToOwner}
          onFocus={preloadWriteToOwner}
          aria-haspopup="dialog"
        >
          {t('advertiser.write')}
        </Button>
      ) : null}
    </section>
  );
}

const loadVisitDialog = () => import('./visit-dialog');
const VisitDialog = lazy(loadVisitDialog);

/**
 * The visit button. A private owner's listing is booked on Rexer ("Prenota una visita": the
 * owner's free times); an agency takes the call ("Richiedi una visita": its phone).
 */
export function VisitButton({ advertiser, onOpen }: { advertiser: PropertyAdvertiser; onOpen: () => void }) {
  const { t } = useTranslation('property');
  const agency = advertiser.Kind === 'agency';
  const preload = agency ? () => void loadVisitDialog() : preloadBookVisit;
  return (
    <Button
      variant="accent"
      fullWidth
      onClick={onOpen}
      onPointerEnter={preload}
      onFocus={preload}
      aria-haspopup="dialog"
    >
      {t(agency ? 'actions.visit' : 'actions.book')}
    </Button>
  );
}

export type VisitDialogKind = 'visit' | 'write' | null;

/**
 * The page's visit and message dialogs, rendered once whichever button opens them: the
 * agency's phone, or the booking and "Scrivi al proprietario" of a private owner's listing.
 */
export function VisitDialogs({
  id,
  advertiser,
  open,
  onOpenChange,
}: {
  id: number;
  advertiser: PropertyAdvertiser;
  open: VisitDialogKind;
  onOpenChange: (open: VisitDialogKind) => void;
}) {
  if (advertiser.Kind === 'agency') {
    return open === 'visit' ? (
      <Suspense fallback={null}>
        <VisitDialog id={id} advertiser={advertiser} onClose={() => onOpenChange(null)} />
      </Suspense>
    ) : null;
  }
  return (
    <>
      <BookVisit
        propertyId={id}
        open={open === 'visit'}
        onOpenChange={(next) => onOpenChange(next ? 'visit' : null)}
        onWriteToOwner={() => onOpenChange('write')}
      />
      <WriteToOwner
        propertyId={id}
        open={open === 'write'}
        onOpenChange={(next) => onOpenChange(next ? 'write' : null)}
      />
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
