import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { REVIEW_REPORT_REASON_MAX } from '@domain/review';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { TextArea } from '@/shared/ui/text-area';
import { errorNameOf, reportAgencyReview } from '../api/agency-reviews-api';
import { failureKey } from '../model/review-form';
import styles from './agency-reviews.module.css';

/** «Segnala»: an optional reason, then the review leaves the page until a moderator looks at it. */
export function ReportDialog({
  reviewId,
  onClose,
  onReported,
}: {
  reviewId: number | null;
  onClose: () => void;
  onReported: (hidden: boolean) => void;
}) {
  const { t } = useTranslation('agency-reviews');
  return (
    <Modal
      open={reviewId !== null}
      onClose={onClose}
      title={t('report.title')}
      closeLabel={t('report.close')}
      size="small"
    >
      {reviewId !== null ? (
        <ReportForm key={reviewId} reviewId={reviewId} onClose={onClose} onReported={onReported} />
      ) : null}
    </Modal>
  );
}

function ReportForm({
  reviewId,
  onClose,
  onReported,
}: {
  reviewId: number;
  onClose: () => void;
  onReported: (hidden: boolean) => void;
}) {
  const { t } = useTranslation('agency-reviews');
  const [reason, setReason] = useState('');
  const report = useMutation({
    mutationFn: () => reportAgencyReview(reviewId, reason),
    onSuccess: (result) => onReported(result.Hidden),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    report.mutate();
  };
  return (
    <form onSubmit={submit} className={styles.form} data-testid="report-form">
      <p>{t('report.intro')}</p>
      <TextArea
        label={t('report.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        rows={3}
        maxLength={REVIEW_REPORT_REASON_MAX}
      />
      {report.isError ? <Alert tone="error">{t(failureKey(errorNameOf(report.error)))}</Alert> : null}
      <div className={styles.formActions}>
        <Button type="button" variant="ghost" onClick={onClose}>
          {t('report.cancel')}
        </Button>
        <Button type="submit" variant="primary" loading={report.isPending}>
          {t('report.submit')}
        </Button>
      </div>
    </form>
  );
}
