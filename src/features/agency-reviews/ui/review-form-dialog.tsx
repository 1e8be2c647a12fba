import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { StarRatingInput } from '@/shared/ui/star-rating';
import { TextArea } from '@/shared/ui/text-area';
import { errorNameOf, saveAgencyReview, type AgencyMyReview } from '../api/agency-reviews-api';
import { failureKey, reviewFormErrors, TEXT_BOUNDS } from '../model/review-form';
import styles from './agency-reviews.module.css';

export interface ReviewFormDialogProps {
  open: boolean;
  onClose: () => void;
  slug: string;
  agencyName: string;
  /** The author's review to edit, or null for a first one. */
  review: AgencyMyReview['Review'];
  onSaved: () => void;
}

/** The review form: the stars, the text with its counter, the rules said before sending. */
export function ReviewFormDialog({ open, onClose, slug, agencyName, review, onSaved }: ReviewFormDialogProps) {
  const { t } = useTranslation('agency-reviews');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t(review ? 'form.titleEdit' : 'form.titleNew', { name: agencyName })}
      closeLabel={t('form.close')}
      size="medium"
      closeOnBackdrop={false}
    >
      {/* Mounted while open: each opening starts from the saved review. */}
      {open ? <ReviewForm slug={slug} review={review} onSaved={onSaved} onClose={onClose} /> : null}
    </Modal>
  );
}

function ReviewForm({
  slug,
  review,
  onSaved,
  onClose,
}: Pick<ReviewFormDialogProps, 'slug' | 'review' | 'onSaved' | 'onClose'>) {
  const { t } = useTranslation('agency-reviews');
  const [rating, setRating] = useState(review?.Rating ?? 0);
  const [text, setText] = useState(review?.Text ?? '');
  const [tried, setTried] = useState(false);
  const save = useMutation({
    mutationFn: () => saveAgencyReview(slug, review?.Id ?? null, { Rating: rating, Text: text }),
    onSuccess: onSaved,
  });
  const errors = reviewFormErrors({ rating, text });
  const shown = tried ? errors : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (errors.rating || errors.text) return;
    save.mutate();
  };

  return (
    <form onSubmit={submit} noValidate className={styles.form} data-testid="review-form">
      <p>{t('form.intro')}</p>
      <StarRatingInput
        value={rating}
        onChange={setRating}
        legend={t('form.rating')}
        starLabel={(count) => t('form.star', { count, meaning: t(`form.meaning.${count}`) })}
        meaning={(count) => t(`form.meaning.${count}`)}
        error={shown.rating ? t(`errors.${shown.rating}`) : undefined}
      />
      <TextArea
        label={t('form.text')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={6}
        maxLength={TEXT_BOUNDS.max + 200}
        help={t('form.counter', { count: text.trim().length, max: TEXT_BOUNDS.max })}
        error={shown.text ? t(`errors.${shown.text}`, TEXT_BOUNDS) : undefined}
      />
      {review ? <p className={styles.note}>{t('form.editNote')}</p> : null}
      {save.isError ? <Alert tone="error">{t(failureKey(errorNameOf(save.error)))}</Alert> : null}
      <div className={styles.formActions}>
        <Button type="button" variant="ghost" onClick={onClose}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" variant="primary" loading={save.isPending}>
          {save.isPending ? t('form.submitting') : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
