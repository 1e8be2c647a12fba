import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n';
import { buttonClassName } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icon';
import { Modal } from '@/shared/ui/modal';
import type { PropertyAdvertiser } from '../api/property-api';
import styles from './property-page.module.css';

/**
 * The agency's visit dialog, loaded when it first opens: the agency takes the call. (A private
 * owner's listing is booked on Rexer: @/features/book-visit.)
 */
export default function VisitDialog({
  id,
  advertiser,
  onClose,
}: {
  id: number;
  advertiser: PropertyAdvertiser;
  onClose: () => void;
}) {
  const { t } = useTranslation('property');
  return (
    <Modal open onClose={onClose} title={t('visit.title')} closeLabel={t('visit.close')} size="small">
      <div className={styles.visit}>
        <p>{t(advertiser.Phone ? 'visit.agencyText' : 'visit.agencyNoPhone', { name: advertiser.Name })}</p>
        <p className={styles.reference}>{t('visit.reference', { id })}</p>
        {advertiser.Phone ? (
          <a
            className={buttonClassName({ variant: 'primary', fullWidth: true })}
            href={`tel:${advertiser.Phone.replace(/[^\d+]/g, '')}`}
          >
            <Icon name="phone" /> {t('visit.call', { phone: advertiser.Phone })}
          </a>
        ) : advertiser.AgencySlug ? (
          <Link
            to="/agenzie/$name"
            params={{ name: advertiser.AgencySlug }}
            className={buttonClassName({ variant: 'primary', fullWidth: true })}
          >
            {t('advertiser.agencyLink')}
          </Link>
        ) : null}
      </div>
    </Modal>
  );
}
