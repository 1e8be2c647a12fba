import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Select } from '@/shared/ui/select';
import type { CatalogueProduct, Order } from '../api/orders-api';
import { formatEuroCents } from '../lib/money';
import { buyErrorKey, useBuyService, type OpenPaymentPage } from '../model/use-buy-service';
import styles from './buy-service.module.css';

/** Services bought by more than one whose units have their own words (periods of 30 days, signs). */
const UNIT_TEXTS: ReadonlySet<number> = new Set([1, 6]);

export interface BuyServiceFormProps {
  listingId: number;
  product: CatalogueProduct;
  /** Where the payment page opens (tests); the browser's own navigation by default. */
  openPaymentPage?: OpenPaymentPage;
  /** An order with nothing to pay is paid at once: the page shows its outcome. */
  onPaid?: (order: Order) => void;
}

/**
 * The purchase of one service for a published listing: how many (periods, signs) when the
 * service takes more than one, the price and the total, and the button that creates the order
 * and opens the payment page.
 */
export function BuyServiceForm({ listingId, product, openPaymentPage, onPaid }: BuyServiceFormProps) {
  const { t } = useTranslation('buy-service');
  const [quantity, setQuantity] = useState(1);
  const buy = useBuyService(listingId, { openPaymentPage, onPaid });
  const totalId = useId();
  const total = product.PriceCents * quantity;
  const unit = UNIT_TEXTS.has(product.Id) ? `buy.units.${product.Id}` : 'buy.units.default';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!buy.busy) buy.buy([{ Id: product.Id, Quantity: quantity }]);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="buy-service">
      {product.MaxQuantity > 1 ? (
        <Select
          label={t(`${unit}.label`)}
          help={t(`${unit}.help`)}
          value={String(quantity)}
          onChange={(event) => setQuantity(Number(event.currentTarget.value))}
          options={Array.from({ length: product.MaxQuantity }, (_, i) => ({
            value: String(i + 1),
            label: t(`${unit}.option`, { count: i + 1 }),
          }))}
          disabled={buy.busy}
        />
      ) : null}
      <dl className={styles.lines} aria-labelledby={totalId}>
        {quantity > 1 ? (
          <div className={styles.line}>
            <dt>{t('buy.unitPrice')}</dt>
            <dd>{formatEuroCents(product.PriceCents)}</dd>
          </div>
        ) : null}
        <div className={styles.totalLine}>
          <dt id={totalId}>{t('buy.total')}</dt>
          <dd data-testid="buy-total">{formatEuroCents(total)}</dd>
        </div>
      </dl>
      {buy.error ? (
        <Alert tone="error" className={styles.error}>
          {t(buyErrorKey(buy.error))}
        </Alert>
      ) : null}
      <Button type="submit" size="large" fullWidth loading={buy.busy} data-testid="buy-submit">
        {buy.busy ? t('buy.opening') : t('buy.submit', { total: formatEuroCents(total) })}
      </Button>
      <p className={styles.note}>{t('buy.note')}</p>
    </form>
  );
}
