import type { DocumentsAnswer, Flow, WizardAnswers } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { itemsOfKind, type MediaItem, type MediaKind } from '../model/media';
import { MediaList } from './media-list';
import { MediaStepFrame } from './media-step';
import { MediaUploader } from './media-uploader';
import styles from './media-step.module.css';

/**
 * The props of a step view (`StepViewProps<'documents'>` of src/features/wizard-step-views),
 * written out: a feature does not import another feature. documents-step.test.tsx checks that
 * this view is a `StepView<'documents'>`.
 */
export interface DocumentsStepProps {
  step: 'documents';
  flow: Flow;
  answer: DocumentsAnswer | undefined;
  answers: WizardAnswers;
  listingId: number | null;
  busy: boolean;
  error: string | null;
  onAnswer: (answer: DocumentsAnswer) => void;
}

const KINDS = ['floorPlan', 'energyCertificate', 'other'] as const satisfies readonly MediaKind[];

function countsOf(items: readonly MediaItem[] | undefined): DocumentsAnswer {
  const all = items ?? [];
  return {
    floorPlanCount: itemsOfKind(all, 'floorPlan').length,
    energyCertificateCount: itemsOfKind(all, 'energyCertificate').length,
    otherCount: itemsOfKind(all, 'other').length,
  };
}

/** Step 18 of the listing wizard: floor plan, energy certificate and other documents (all optional). */
export default function DocumentsStep({ listingId, busy, error, onAnswer }: DocumentsStepProps) {
  const { t } = useTranslation('upload-media');
  return (
    <MediaStepFrame
      title={t('documents.title')}
      hint={`${t('documents.hint')} ${t('documents.quality')}`}
      listingId={listingId}
      busy={busy}
      error={error}
      submitLabel={(media) => {
        const counts = countsOf(media?.items);
        return counts.floorPlanCount + counts.energyCertificateCount + counts.otherCount > 0
          ? t('step.submit')
          : t('documents.skip');
      }}
      onSubmit={(media) => onAnswer(countsOf(media?.items))}
    >
      {(media, { announce, setUploading }) => {
        const stored = media.items.filter((item) => item.MediaType !== 1 && item.MediaType !== 3).length;
        return KINDS.map((kind) => (
          <section key={kind} className={styles.kind} aria-labelledby={`documents-${kind}`}>
            <h2 id={`documents-${kind}`} className={styles.kindTitle}>
              {t(`kind.${kind}.title`)}
            </h2>
            <p className={styles.kindText}>{t(`kind.${kind}.about`)}</p>
            <MediaUploader
              listingId={listingId!}
              kind={kind}
              media={media}
              stored={stored}
              announce={announce}
              onBusyChange={(active) => setUploading(kind, active)}
            />
            <MediaList
              listingId={listingId!}
              kind={kind}
              items={itemsOfKind(media.items, kind)}
              allItems={media.items}
              announce={announce}
            />
          </section>
        ));
      }}
    </MediaStepFrame>
  );
}
