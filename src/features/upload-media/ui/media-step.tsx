import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { listingMediaQueryOptions, type ListingMedia } from '../api/media-api';
import styles from './media-step.module.css';

export interface MediaStepFrameProps {
  title: string;
  hint: ReactNode;
  listingId: number | null;
  busy: boolean;
  error: string | null;
  /** The submit's text for what the step holds now. */
  submitLabel: (media: ListingMedia | undefined) => string;
  onSubmit: (media: ListingMedia | undefined) => void;
  children: (media: ListingMedia, tools: { announce: (message: string) => void; setUploading: (key: string, busy: boolean) => void }) => ReactNode;
}

/**
 * The frame of the photos and documents steps: the question, the listing's media loaded, a
 * polite live region for what the uploaders and lists report, and the submit, held while
 * files are still on their way.
 */
export function MediaStepFrame({ title, hint, listingId, busy, error, submitLabel, onSubmit, children }: MediaStepFrameProps) {
  const { t } = useTranslation('upload-media');
  const id = useId();
  const media = useQuery({ ...listingMediaQueryOptions(listingId ?? 0), enabled: listingId !== null });
  const [message, setMessage] = useState('');
  const [uploading, setUploadingKeys] = useState<ReadonlySet<string>>(new Set());
  const [waitNote, setWaitNote] = useState(false);
  const announce = useCallback((text: string) => setMessage(text), []);
  const setUploading = useCallback((key: string, active: boolean) => {
    setUploadingKeys((keys) => {
      if (keys.has(key) === active) return keys;
      const next = new Set(keys);
      if (active) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const stillUploading = uploading.size > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stillUploading) {
      setWaitNote(true);
      return;
    }
    setWaitNote(false);
    onSubmit(media.data);
  };

  return (
    <form className={styles.step} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className={styles.title} tabIndex={-1}>
        {title}
      </h1>
      <div className={styles.hint}>{hint}</div>
      {listingId === null ? (
        <Alert tone="error">{t('step.noListing')}</Alert>
      ) : media.isPending ? (
        <p className={styles.loading} role="status">
          {t('step.loading')}
        </p>
      ) : media.isError ? (
        <Alert tone="error" title={t('step.loadFailed')}>
          <Button size="small" variant="secondary" onClick={() => void media.refetch()}>
            {t('step.retry')}
          </Button>
        </Alert>
      ) : (
        children(media.data, { announce, setUploading })
      )}
      <p className={styles.srOnly} role="status" aria-live="polite">
        {message}
      </p>
      {waitNote && stillUploading ? (
        <p className={styles.wait} role="alert">
          {t('step.waitUploads')}
        </p>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" size="large" fullWidth loading={busy} disabled={listingId !== null && media.isPending}>
        {submitLabel(media.data)}
      </Button>
    </form>
  );
}
