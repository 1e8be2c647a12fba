import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import type { MyListing } from '../api/listing-api';
import styles from './listing-services.module.css';

/**
 * Why a listing cannot buy services now (a draft, a sold listing), or what buying means for a
 * suspended one; nothing for a published listing.
 */
export function StatusNotice({ listing }: { listing: MyListing }) {
  const { t } = useTranslation('listing-services');
  const wizard = listing.SellType === 2 ? ('/annuncio/affittocasa/$id' as const) : ('/annuncio/vendocasa/$id' as const);
  if (listing.Status === 1)
    return (
      <Alert tone="info" title={t('status.draft.title')} className={styles.notice}>
        <p>{t('status.draft.text')}</p>
        <Link to={wizard} params={{ id: String(listing.Id) }} className={styles.noticeLink}>
          {t('status.draft.link')}
        </Link>
      </Alert>
    );
  if (listing.Status === 4)
    return (
      <Alert
        tone="info"
        title={t(listing.SellType === 2 ? 'status.sold.titleRent' : 'status.sold.title')}
        className={styles.notice}
      >
        <p>{t('status.sold.text')}</p>
      </Alert>
    );
  if (listing.Status === 3)
    return (
      <Alert tone="info" title={t('status.suspended.title')} className={styles.notice}>
        <p>{t('status.suspended.text')}</p>
      </Alert>
    );
  return null;
}
