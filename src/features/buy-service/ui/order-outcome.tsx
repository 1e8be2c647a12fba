import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { ApiError } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { orderQueryOptions, type Order } from '../api/orders-api';
import { formatEuroCents } from '../lib/money';
import { forgetOrderKeys } from '../model/order-key';
import { buyErrorKey, useBuyService, type OpenPaymentPage } from '../model/use-buy-service';
import styles from './buy-service.module.css';

/** How often and how long a payment that has not reported yet is asked again (a provider's notice may follow the buyer). */
const POLL_MS = 2_000;
const POLL_TRIES = 15;

export interface OrderOutcomeProps {
  listingId: number;
  orderId: number;
  /** What a paid order adds (the service's new end date), said under the thanks. */
  paidNote?: ReactNode;
  /** The order reached its outcome: the page reads the listing again (its periods, its plan). */
  onSettled?: (order: Order) => void;
  openPaymentPage?: OpenPaymentPage;
}

/**
 * The outcome of a payment, on the page the payment page sent the buyer back to
 * (`?ordine={id}`): paid, refused or cancelled, in Italian, with a retry of the same purchase
 * for the last two. It only reads the order (GET /api/Order/{id}): a reload charges nothing.
 * A payment whose notice has not arrived yet is asked again for half a minute.
 */
export function OrderOutcome({ listingId, orderId, paidNote, onSettled, openPaymentPage }: OrderOutcomeProps) {
  const { t } = useTranslation('buy-service');
  const tries = useRef(0);
  const query = useQuery({
    ...orderQueryOptions(orderId),
    refetchInterval: (q) => {
      if (q.state.data?.Status !== 'pending' || tries.current >= POLL_TRIES) return false;
      tries.current += 1;
      return POLL_MS;
    },
  });
  const order = query.data;
  const retry = useBuyService(listingId, { openPaymentPage });
  const region = useRef<HTMLDivElement>(null);
  const status = order?.Status;
  const settledRef = useRef(onSettled);
  useEffect(() => {
    settledRef.current = onSettled;
  });

  useEffect(() => {
    if (!order || order.Status === 'pending') return;
    // This purchase is over: buying again is a new one.
    forgetOrderKeys(listingId);
    settledRef.current?.(order);
    // The buyer comes back from another site: the outcome is the first thing read.
    region.current?.focus();
  }, [order, listingId]);

  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className={styles.outcome} data-testid="order-outcome" data-status="unknown">
        <Alert tone="error" title={t(missing ? 'outcome.missing' : 'outcome.loadError')}>
          {missing ? null : (
            <Button variant="secondary" size="small" onClick={() => void query.refetch()}>
              {t('outcome.check')}
            </Button>
          )}
        </Alert>
      </div>
    );
  }
  if (!order) {
    return (
      <p className={styles.checking} role="status" data-testid="order-outcome" data-status="loading">
        {t('outcome.checking')}
      </p>
    );
  }

  const services = order.ServiceProducts.map((line) => line.Name).join(', ');
  const again = () => retry.buy(order.ServiceProducts.map((line) => ({ Id: line.Id, Quantity: line.Quantity })));
  const retryButton = (
    <>
      <Button onClick={again} loading={retry.busy} data-testid="retry-payment">
        {retry.busy ? t('buy.opening') : t('outcome.retry', { total: formatEuroCents(order.AmountCents) })}
      </Button>
      {retry.error ? <p className={styles.retryError}>{t(buyErrorKey(retry.error))}</p> : null}
    </>
  );

  return (
    <div ref={region} tabIndex={-1} className={styles.outcome} data-testid="order-outcome" data-status={order.Status}>
      {status === 'paid' ? (
        <Alert tone="success" title={t('outcome.paid.title')}>
          <p>{t('outcome.paid.text', { amount: formatEuroCents(order.AmountCents), services })}</p>
          {paidNote ? <p>{paidNote}</p> : null}
        </Alert>
      ) : status === 'failed' ? (
        <Alert tone="error" title={t('outcome.failed.title')}>
          <p>{t('outcome.failed.text')}</p>
          {retryButton}
        </Alert>
      ) : status === 'cancelled' ? (
        <Alert tone="info" title={t('outcome.cancelled.title')}>
          <p>{t('outcome.cancelled.text')}</p>
          {retryButton}
        </Alert>
      ) : status === 'refunded' ? (
        <Alert tone="info" title={t('outcome.refunded.title')}>
          <p>{t('outcome.refunded.text')}</p>
        </Alert>
      ) : (
        <Alert tone="info" title={t('outcome.pending.title')}>
          <p>{t('outcome.pending.text')}</p>
          {order.PaymentUrl ? (
            <a className={styles.paymentLink} href={order.PaymentUrl}>
              {t('outcome.pending.resume')}
            </a>
          ) : null}
        </Alert>
      )}
    </div>
  );
}
