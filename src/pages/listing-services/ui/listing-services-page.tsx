import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { canBuyServices, formatEuroCents, OrderOutcome, ServiceState, type ServiceOffer } from '@/features/buy-service';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClassName } from '@/shared/ui/button';
import { Page } from '@/shared/ui/page';
import { PageMeta } from '@/shared/ui/page-meta';
import { useListingServices } from '../model/use-listing-services';
import { SERVICES_SLUG } from '../model/route';
import styles from './listing-services.module.css';
import { StatusNotice } from './status-notice';

export interface ListingServicesPageProps {
  id: number;
  /** The order the payment page sent the buyer back with (an order of several services). */
  orderId?: number;
  /** What a listing that is not the caller's (or is gone) shows: the not-found page. */
  notFound: ReactNode;
}

/** Services sold by the period or the piece: a word after the price. */
const PRICE_UNITS: ReadonlySet<number> = new Set([1, 6, 8, 9]);

/**
 * /myrexer/annuncio/{id}/servizi: the services a listing of mine can buy, each with its price,
 * what it does and where it stands (active until, bought on, waiting for its payment), and the
 * way to its page to buy it.
 */
export function ListingServicesPage({ id, orderId, notFound }: ListingServicesPageProps) {
  const { t } = useTranslation('listing-services');
  const services = useListingServices(id);
  const { listing, ready, offers, pending } = services;
  if (services.notFound) return <>{notFound}</>;
  const title = listing?.Title ?? t('untitled');

  return (
    <Page
      title={t('list.title')}
      intro={listing ? t('list.intro', { title }) : null}
      width="wide"
      top={
        <Link to="/myrexer/annuncio/$id" params={{ id: String(id) }} className={styles.back}>
          {t('list.back')}
        </Link>
      }
    >
      <PageMeta title={t('list.meta', { title: listing ? title : t('untitled') })} noindex />
      {orderId ? <OrderOutcome listingId={id} orderId={orderId} onSettled={() => void services.refresh()} /> : null}
      {ready ? (
        <>
          <StatusNotice listing={ready.listing} />
          {pending && !orderId ? (
            <Alert tone="info" title={t('list.pending.title')} className={styles.notice}>
              <p>
                {t('list.pending.text', {
                  services: pending.ServiceProducts.map((line) => line.Name).join(', '),
                  total: formatEuroCents(pending.AmountCents),
                })}
              </p>
              <a href={pending.PaymentUrl ?? undefined} className={styles.noticeLink}>
                {t('list.pending.resume')}
              </a>
            </Alert>
          ) : null}
          <ul className={styles.grid} data-testid="services">
            {offers.map((offer) => (
              <li key={offer.product.Id}>
                <ServiceCard listingId={id} offer={offer} open={canBuyServices(ready.listing.Status)} />
              </li>
            ))}
          </ul>
        </>
      ) : services.failed ? (
        <Alert tone="error" title={t('loadError')}>
          <Button variant="secondary" size="small" onClick={() => void services.retry()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <div className={styles.skeleton} role="status" aria-label={t('loading')} />
      )}
    </Page>
  );
}

function ServiceCard({ listingId, offer, open }: { listingId: number; offer: ServiceOffer; open: boolean }) {
  const { t } = useTranslation('listing-services');
  const headingId = useId();
  const { product } = offer;
  return (
    <article className={styles.card} aria-labelledby={headingId} data-testid="service" data-service-id={product.Id}>
      <h2 id={headingId} className={styles.cardTitle}>
        {product.Name}
      </h2>
      <p className={styles.cardPrice}>
        {formatEuroCents(product.PriceCents)}
        {PRICE_UNITS.has(product.Id) ? (
          <span className={styles.priceUnit}> {t(`list.priceUnit.${product.Id}`)}</span>
        ) : null}
      </p>
      <p className={styles.cardText}>{product.Description}</p>
      <ServiceState offer={offer} />
      <Link
        to="/myrexer/annuncio/$id/$type/$serviceid"
        params={{ id: String(listingId), type: SERVICES_SLUG, serviceid: String(product.Id) }}
        className={buttonClassName({
          variant: open && offer.canBuy ? 'primary' : 'secondary',
          size: 'small',
          className: styles.cardAction,
        })}
        aria-label={t(open && offer.canBuy ? 'list.openToBuy' : 'list.open', { name: product.Name })}
      >
        {t(open && offer.canBuy ? 'list.buy' : 'list.details')}
      </Link>
    </article>
  );
}
