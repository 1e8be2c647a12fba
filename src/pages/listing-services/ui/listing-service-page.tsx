import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import {
  BuyServiceForm,
  canBuyServices,
  formatDate,
  formatEuroCents,
  OrderOutcome,
  SERVICE,
  ServiceState,
  type OpenPaymentPage,
  type ServiceOffer,
} from '@/features/buy-service';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Page } from '@/shared/ui/page';
import { PageMeta } from '@/shared/ui/page-meta';
import type { MyListing } from '../api/listing-api';
import { useListingServices } from '../model/use-listing-services';
import { SERVICES_SLUG } from '../model/route';
import styles from './listing-services.module.css';
import { StatusNotice } from './status-notice';

export interface ListingServicePageProps {
  id: number;
  serviceId: number;
  /** The order the payment page sent the buyer back with: its outcome shows first. */
  orderId?: number;
  /** A listing that is not the caller's, or a service it cannot have: the not-found page. */
  notFound: ReactNode;
  /** Where the payment page opens (tests); the browser's own navigation by default. */
  openPaymentPage?: OpenPaymentPage;
}

/**
 * /myrexer/annuncio/{id}/servizi/{serviceid}: one service for a listing of mine: what it does,
 * its price, where it stands, the purchase (the payment page, then back here), and after the
 * payment its outcome, with a retry when it did not go through.
 */
export function ListingServicePage({ id, serviceId, orderId, notFound, openPaymentPage }: ListingServicePageProps) {
  const { t } = useTranslation('listing-services');
  const services = useListingServices(id);
  const { listing, ready } = services;
  const offer = services.offers.find((candidate) => candidate.product.Id === serviceId);
  if (services.notFound || (ready && !offer)) return <>{notFound}</>;
  const listingTitle = listing?.Title ?? t('untitled');
  const name = offer?.product.Name ?? t('detail.loadingTitle');

  return (
    <Page
      title={name}
      intro={listing ? t('detail.for', { title: listingTitle }) : null}
      width="wide"
      top={
        <Link to="/myrexer/annuncio/$id/$type" params={{ id: String(id), type: SERVICES_SLUG }} className={styles.back}>
          {t('detail.back')}
        </Link>
      }
    >
      <PageMeta title={t('detail.meta', { name, title: listing ? listingTitle : t('untitled') })} noindex />
      {orderId ? (
        <OrderOutcome
          listingId={id}
          orderId={orderId}
          paidNote={offer ? <PaidNote offer={offer} /> : null}
          onSettled={() => void services.refresh()}
          openPaymentPage={openPaymentPage}
        />
      ) : null}
      {ready && offer ? (
        <Detail listing={ready.listing} offer={offer} openPaymentPage={openPaymentPage} />
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

/** What the paid order changed, when the listing says it: the period's new end. */
function PaidNote({ offer }: { offer: ServiceOffer }) {
  const { t } = useTranslation('listing-services');
  if (offer.state.kind !== 'activeUntil') return null;
  return <>{t('detail.activeNow', { name: offer.product.Name, date: formatDate(offer.state.until) })}</>;
}

function Detail({
  listing,
  offer,
  openPaymentPage,
}: {
  listing: MyListing;
  offer: ServiceOffer;
  openPaymentPage?: OpenPaymentPage;
}) {
  const { t } = useTranslation('listing-services');
  const { product } = offer;
  const open = canBuyServices(listing.Status);
  return (
    <div className={styles.detail} data-testid="service-detail" data-service-id={product.Id}>
      <section className={styles.about} aria-labelledby="service-about">
        <h2 id="service-about" className={styles.sectionTitle}>
          {t('detail.about')}
        </h2>
        <p className={styles.lead}>{product.Description}</p>
        <h2 className={styles.sectionTitle}>{t('detail.afterTitle')}</h2>
        <p>{t(`detail.after.${product.Id}`)}</p>
        {product.Id === SERVICE.soldGuaranteed ? (
          <Link to="/vendutogarantito" className={styles.noticeLink}>
            {t('detail.guaranteedLink')}
          </Link>
        ) : null}
      </section>
      <section className={styles.buy} aria-labelledby="service-buy">
        <h2 id="service-buy" className={styles.sectionTitle}>
          {t('detail.buyTitle')}
        </h2>
        <p className={styles.bigPrice}>
          {formatEuroCents(product.PriceCents)} <span className={styles.priceUnit}>{t('detail.vat')}</span>
        </p>
        <ServiceState offer={offer} />
        <StatusNotice listing={listing} />
        {open && offer.canBuy ? (
          <BuyServiceForm listingId={listing.Id} product={product} openPaymentPage={openPaymentPage} />
        ) : open ? (
          <p className={styles.muted}>
            {t(offer.state.kind === 'currentPlan' ? 'detail.alreadyPlan' : 'detail.alreadyBought')}
          </p>
        ) : null}
      </section>
    </div>
  );
}
