import type { Flow, PhotosAnswer, WizardAnswers } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { itemsOfKind, type MediaItem } from '../model/media';
import { MediaList } from './media-list';
import { MediaStepFrame } from './media-step';
import { MediaUploader } from './media-uploader';

/**
 * The props of a step view (`StepViewProps<'photos'>` of src/features/wizard-step-views), written
 * out: a feature does not import another feature. photos-step.test.tsx checks that this view
 * is a `StepView<'photos'>`.
 */
export interface PhotosStepProps {
  step: 'photos';
  flow: Flow;
  answer: PhotosAnswer | undefined;
  answers: WizardAnswers;
  listingId: number | null;
  busy: boolean;
  error: string | null;
  onAnswer: (answer: PhotosAnswer) => void;
}

const photosOf = (items: readonly MediaItem[] | undefined) => itemsOfKind(items ?? [], 'photo');

/** Step 19 of the listing wizard: the photos (optional; the quality score counts them). */
export default function PhotosStep({ listingId, busy, error, onAnswer }: PhotosStepProps) {
  const { t } = useTranslation('upload-media');
  return (
    <MediaStepFrame
      title={t('photos.title')}
      hint={`${t('photos.hint')} ${t('photos.quality')}`}
      listingId={listingId}
      busy={busy}
      error={error}
      submitLabel={(media) => (photosOf(media?.items).length > 0 ? t('step.submit') : t('photos.skip'))}
      onSubmit={(media) => onAnswer({ photoCount: photosOf(media?.items).length })}
    >
      {(media, { announce, setUploading }) => {
        const photos = photosOf(media.items);
        return (
          <>
            <MediaUploader
              listingId={listingId!}
              kind="photo"
              media={media}
              stored={photos.length}
              announce={announce}
              onBusyChange={(active) => setUploading('photo', active)}
            />
            <MediaList listingId={listingId!} kind="photo" items={photos} allItems={media.items} announce={announce} />
          </>
        );
      }}
    </MediaStepFrame>
  );
}
