import { useState, type FormEvent } from 'react';
import { SITE_REVIEW_ROLES } from '@domain/site-review';
import type { MySiteReview } from '@/entities/site-review';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Checkbox } from '@/shared/ui/checkbox';
import { Select } from '@/shared/ui/select';
import { TextArea } from '@/shared/ui/text-area';
import { TextField } from '@/shared/ui/text-field';
import {
  SITE_REVIEW_TEXT_MAX,
  SITE_REVIEW_TITLE_MAX,
  problemsOf,
  requestOf,
  saveErrorKey,
  type DraftField,
  type ReviewDraft,
} from '../model/review-form';
import { StarRatingInput } from '@/shared/ui/star-rating';
import styles from './my-site-review-page.module.css';

export interface SiteReviewFormProps {
  initial: ReviewDraft;
  mode: 'create' | 'edit';
  /** Sends the review; rejects with the API's error. */
  save: (mode: 'create' | 'edit', body: ReturnType<typeof requestOf>) => Promise<MySiteReview>;
  onSaved: (review: MySiteReview) => void;
}

/** The review of Rexer: stars, title, text, role, the name and town published, and the consent to publish them. */
export function SiteReviewForm({ initial, mode, save, onSaved }: SiteReviewFormProps) {
  const { t } = useTranslation('my-site-review');
  const [draft, setDraft] = useState(initial);
  const [shown, setShown] = useState(false);
  const [sending, setSending] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const problems = problemsOf(draft);
  const errorOf = (field: DraftField) => (shown && problems[field] ? t(`errors.${problems[field]}`) : undefined);
  const set = <K extends DraftField>(field: K, value: ReviewDraft[K]) => setDraft((d) => ({ ...d, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    setSaveError(null);
    if (Object.keys(problems).length > 0) {
      const first = (['rating', 'title', 'text', 'role', 'displayName', 'town', 'consent'] as const).find(
        (field) => problems[field],
      );
      document.getElementById(`site-review-${first}`)?.focus();
      document.querySelector<HTMLInputElement>(`#site-review-${first} input`)?.focus();
      return;
    }
    setSending(true);
    try {
      const saved = await save(mode, requestOf(draft));
      setDraft((d) => ({ ...d, consent: false }));
      setShown(false);
      onSaved(saved);
    } catch (error) {
      setSaveError(t(`errors.${saveErrorKey(error)}`));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="site-review-form-title">
      <h2 id="site-review-form-title" className={styles.formTitle}>
        {mode === 'create' ? t('form.titleCreate') : t('form.titleEdit')}
      </h2>
      <div id="site-review-rating">
        <StarRatingInput
          value={draft.rating}
          onChange={(value) => set('rating', value)}
          legend={t('form.rating')}
          starLabel={(count) => t('form.star', { count, meaning: t(`form.ratingMeaning.${count}`) })}
          meaning={(count) => t(`form.ratingMeaning.${count}`)}
          error={errorOf('rating')}
        />
      </div>
      <TextField
        id="site-review-title"
        label={t('form.title')}
        value={draft.title}
        maxLength={SITE_REVIEW_TITLE_MAX}
        onChange={(e) => set('title', e.target.value)}
        error={errorOf('title')}
        help={t('form.titleHelp')}
        required
      />
      <TextArea
        id="site-review-text"
        label={t('form.text')}
        value={draft.text}
        rows={7}
        maxLength={SITE_REVIEW_TEXT_MAX}
        onChange={(e) => set('text', e.target.value)}
        error={errorOf('text')}
        help={t('form.textHelp', { count: draft.text.trim().length, max: SITE_REVIEW_TEXT_MAX })}
        required
      />
      <Select
        id="site-review-role"
        label={t('form.role')}
        value={draft.role}
        placeholder={t('form.rolePlaceholder')}
        options={SITE_REVIEW_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        onChange={(e) => set('role', e.target.value as ReviewDraft['role'])}
        error={errorOf('role')}
        required
      />
      <div className={styles.pair}>
        <TextField
          id="site-review-displayName"
          label={t('form.displayName')}
          value={draft.displayName}
          maxLength={100}
          autoComplete="given-name"
          onChange={(e) => set('displayName', e.target.value)}
          error={errorOf('displayName')}
          required
        />
        <TextField
          id="site-review-town"
          label={t('form.town')}
          value={draft.town}
          maxLength={120}
          autoComplete="address-level2"
          onChange={(e) => set('town', e.target.value)}
          error={errorOf('town')}
          required
        />
      </div>
      <Checkbox
        id="site-review-consent"
        label={t('form.consent')}
        checked={draft.consent}
        onChange={(e) => set('consent', e.target.checked)}
        error={errorOf('consent')}
      />
      <p className={styles.note}>{t('form.moderationNote')}</p>
      {saveError ? <Alert tone="error" title={saveError} /> : null}
      <div>
        <Button type="submit" loading={sending}>
          {mode === 'create' ? t('form.submitCreate') : t('form.submitEdit')}
        </Button>
      </div>
    </form>
  );
}
