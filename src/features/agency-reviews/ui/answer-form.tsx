import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { REVIEW_ANSWER_MAX } from '@domain/review';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { TextArea } from '@/shared/ui/text-area';
import { answerAgencyReview, errorNameOf } from '../api/agency-reviews-api';
import { answerProblem, failureKey } from '../model/review-form';
import styles from './agency-reviews.module.css';

/** The agency's answer under a review, written by one of its accounts (empty removes it). */
export function AnswerForm({
  reviewId,
  initial,
  onDone,
  onCancel,
}: {
  reviewId: number;
  initial: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('agency-reviews');
  const [text, setText] = useState(initial);
  const [tried, setTried] = useState(false);
  const save = useMutation({ mutationFn: () => answerAgencyReview(reviewId, text), onSuccess: onDone });
  const problem = text.trim() === '' ? null : answerProblem(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate className={styles.answerForm} data-testid="answer-form">
      <TextArea
        label={t('answer.label')}
        help={t('answer.help')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={3}
        maxLength={REVIEW_ANSWER_MAX + 200}
        error={tried && problem ? t(`errors.${problem}`, { min: 1, max: REVIEW_ANSWER_MAX }) : undefined}
      />
      {save.isError ? <Alert tone="error">{t(failureKey(errorNameOf(save.error)))}</Alert> : null}
      <div className={styles.formActions}>
        <Button type="button" variant="ghost" size="small" onClick={onCancel}>
          {t('answer.cancel')}
        </Button>
        <Button type="submit" variant="primary" size="small" loading={save.isPending}>
          {t('answer.save')}
        </Button>
      </div>
    </form>
  );
}
