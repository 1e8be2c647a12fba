import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { revealAgencyPhone } from '../api/agency-page-api';
import styles from './agency-page.module.css';

function errorKey(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return 'phone.tooMany';
  if (error instanceof ApiError && error.status === 404) return 'phone.missing';
  return 'phone.failed';
}

/** «Mostra il numero»: the phone is asked for (and counted) only when the visitor wants it. */
export function PhoneReveal({ slug }: { slug: string }) {
  const { t } = useTranslation('agency-page');
  const reveal = useMutation({ mutationFn: () => revealAgencyPhone(slug) });

  if (reveal.data) {
    return (
      <p className={styles.phone}>
        <span className={styles.phoneLabel}>{t('phone.label')}</span>{' '}
        <a href={`tel:${reveal.data.replace(/[^\d+]/g, '')}`} className={styles.phoneLink}>
          {reveal.data}
        </a>
      </p>
    );
  }
  return (
    <div className={styles.phoneBox}>
      <Button variant="secondary" fullWidth onClick={() => reveal.mutate()} disabled={reveal.isPending}>
        {reveal.isPending ? t('phone.loading') : t('phone.show')}
      </Button>
      {reveal.isError ? (
        <p className={styles.error} role="alert">
          {t(errorKey(reveal.error))}
        </p>
      ) : null}
    </div>
  );
}
