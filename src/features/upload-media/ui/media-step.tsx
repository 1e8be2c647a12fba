import { useQuery } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { StepForm } from '@/shared/ui/step-form';
import { listingMediaQueryOptions, type ListingMedia } from '../api/media-api';
import styles from './media-step.module.css';

export interface MediaStepFrameProps {
  title: string;
  /** A line (or two) under the question. */
  hint: string;
  listingId: number | null;
  busy: boolean;
  error: string | null;
  /** The submit's text for what the step holds now. */
  submitLabel: (media: ListingMedia | undefined) => string;
  onSubmit: (media: ListingMedia | undefined) => void;
  children: (
    media: ListingMedia,
    tools: { announce: (message: string) => void; setUploading: (key: string, busy: boolean) => void },
  ) => ReactNode;
}

/**
 * The frame of the photos and documents steps: the question, the listing's media loaded, a
 * polite live region for what the uploaders and lists report, and the submit, held while
 * files are still on their way.
 */
export function MediaStepFrame({
  title,
  hint,
  listingId,
  busy,
  error,
  submitLabel,
  onSubmit,
  children,
}: MediaStepFrameProps) {
  const { t } = useTranslation('upload-media');
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

  const submit = () => {
    if (listingId !== null && media.isPending) return;
    if (stillUploading) {
      setWaitNote(true);
      return;
    }
    setWaitNote(false);
    onSubmit(media.data);
  };

  return (
    <StepForm
      title={title}
      hint={hint}
      onSubmit={submit}
      busy={busy}
      error={error ?? (waitNote && stillUploading ? t('step.waitUploads') : null)}
      submitLabel={submitLabel(media.data)}
    >
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
    </StepForm>
  );
}
