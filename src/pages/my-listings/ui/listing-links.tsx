import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n';
import { buttonClassName } from '@/shared/ui/button';
import { editRouteOf, sellsServices, type ListingLinkable } from '../model/listing-links';
import styles from './my-listings.module.css';

export interface ListingLinksProps {
  listing: ListingLinkable & { Id: number; Title: string | null };
}

/** «Modifica» (the wizard) and «Acquista un servizio» (the listing's services), where its status allows them. */
export function ListingLinks({ listing }: ListingLinksProps) {
  const { t } = useTranslation('my-listings');
  const edit = editRouteOf(listing);
  const services = sellsServices(listing);
  if (!edit && !services) return null;
  const title = listing.Title ?? t('untitled');
  const id = String(listing.Id);
  return (
    <div className={styles.actions}>
      {edit ? (
        <Link
          to={edit}
          params={{ id }}
          className={buttonClassName({ variant: 'primary', size: 'small' })}
          aria-label={t(listing.Status === 1 ? 'links.edit.draftLabel' : 'links.edit.label', { title })}
          data-testid="edit-listing"
        >
          {t(listing.Status === 1 ? 'links.edit.draft' : 'links.edit.button')}
        </Link>
      ) : null}
      {services ? (
        <Link
          to="/myrexer/annuncio/$id/$type"
          params={{ id, type: 'servizi' }}
          className={buttonClassName({ variant: 'secondary', size: 'small' })}
          aria-label={t('links.services.label', { title })}
          data-testid="buy-services"
        >
          {t('links.services.button')}
        </Link>
      ) : null}
    </div>
  );
}
