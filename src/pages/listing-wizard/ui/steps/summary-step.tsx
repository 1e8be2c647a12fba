import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { STEPS, type ListingFlow, type StepId, type WizardAnswers } from '@domain/wizard-steps';
import { formatThousands } from '@/shared/lib/number';
import { useTranslation, type TFunction } from '@/shared/i18n';
import { StepForm } from '@/shared/ui/step-form';
import { useReferenceLabel, type ReferenceList, type StepViewProps } from '@/features/wizard-step-views';
import { municipalityQueryOptions } from '@/features/pick-location';
import { useWizardExtras } from '../../model/wizard-extras';
import styles from './steps.module.css';

type Label = (list: ReferenceList, id: number) => string;

/** The summary's sections and the steps whose answers each lists, in the flow's order. */
const SECTIONS: ReadonlyArray<{ key: 'home' | 'details' | 'rent' | 'listing'; steps: readonly StepId[] }> = [
  { key: 'home', steps: ['locality', 'propertyType', 'specialDescription', 'surface', 'composition', 'floors'] },
  { key: 'details', steps: ['renovation', 'energyClass', 'heating', 'condoFees', 'amenities', 'situation'] },
  { key: 'rent', steps: ['availability', 'furnishing', 'deposit'] },
  { key: 'listing', steps: ['split', 'price', 'title', 'description', 'photos', 'documents'] },
];

const DESCRIPTION_PREVIEW = 160;

function floorText(t: TFunction, floor: number, buildingFloors: number): string {
  if (floor < 0) return t('steps.summary.values.basement', { buildingFloors });
  if (floor === 0) return t('steps.summary.values.groundFloor', { buildingFloors });
  return t('steps.summary.values.floor', { floor, buildingFloors });
}

/** An answer in words, or null when the step has none. */
export function answerText(
  id: StepId,
  answers: WizardAnswers,
  flow: ListingFlow,
  t: TFunction,
  label: Label,
  town?: string,
): string | null {
  const euro = (value: number) => t('steps.summary.values.euro', { value: formatThousands(value) });
  switch (id) {
    case 'locality': {
      const a = answers.locality;
      if (!a) return null;
      const address = [`${a.street}, ${a.streetNumber}`, town].filter(Boolean).join(' – ');
      return t(a.showAddress ? 'steps.summary.values.addressShown' : 'steps.summary.values.addressHidden', { address });
    }
    case 'propertyType':
      return answers.propertyType ? label('propertyTypes', answers.propertyType.propertyTypeId) : null;
    case 'specialDescription': {
      const a = answers.specialDescription;
      if (!a) return null;
      const count = Object.values(a.details).filter(
        (value) => value !== null && value !== '' && value !== false,
      ).length;
      return count === 0 ? t('steps.summary.values.noDetails') : t('steps.summary.values.details', { count });
    }
    case 'surface':
      return answers.surface
        ? t('steps.summary.values.surface', { value: formatThousands(answers.surface.surfaceM2) })
        : null;
    case 'composition':
      return answers.composition
        ? `${t('steps.summary.values.rooms', { count: answers.composition.rooms })}, ${t('steps.summary.values.bathrooms', { count: answers.composition.bathrooms })}`
        : null;
    case 'floors': {
      const a = answers.floors;
      return a
        ? `${floorText(t, a.floor, a.buildingFloors)}, ${t(a.hasLift ? 'steps.summary.values.lift' : 'steps.summary.values.noLift')}`
        : null;
    }
    case 'renovation': {
      const a = answers.renovation;
      if (!a) return null;
      return [
        label('propertyConditions', a.conditionId),
        a.buildYear !== null ? t('steps.summary.values.built', { year: a.buildYear }) : null,
        a.renovationYear !== null ? t('steps.summary.values.renovated', { year: a.renovationYear }) : null,
      ]
        .filter(Boolean)
        .join(', ');
    }
    case 'energyClass': {
      const a = answers.energyClass;
      if (!a) return null;
      const index =
        a.energyPerformance !== null
          ? t('steps.summary.values.energyPerformance', { value: a.energyPerformance.toLocaleString('it-IT') })
          : null;
      return [label('energyClasses', a.energyClassId), index].filter(Boolean).join(', ');
    }
    case 'heating':
      return answers.heating ? label('heatingTypes', answers.heating.heatingTypeId) : null;
    case 'condoFees':
      return answers.condoFees
        ? answers.condoFees.condoFees === 0
          ? t('steps.summary.values.noCondoFees')
          : t('steps.summary.values.euroMonth', { value: formatThousands(answers.condoFees.condoFees) })
        : null;
    case 'amenities':
      return answers.amenities
        ? answers.amenities.amenityIds.length === 0
          ? t('steps.summary.none')
          : answers.amenities.amenityIds.map((amenity) => label('amenities', amenity)).join(', ')
        : null;
    case 'situation':
      return answers.situation ? label('occupancySituations', answers.situation.occupancyId) : null;
    case 'availability': {
      const a = answers.availability;
      if (!a) return null;
      const [year, month, day] = a.availableFrom.split('-').map(Number);
      const date = new Date(year, month - 1, day);
      return date <= new Date()
        ? t('steps.summary.values.now')
        : date.toLocaleDateString('it-IT', { day: 'numeric', month: 'long', year: 'numeric' });
    }
    case 'furnishing':
      return answers.furnishing ? label('furnishingTypes', answers.furnishing.furnishingId) : null;
    case 'deposit':
      return answers.deposit ? euro(answers.deposit.securityDeposit) : null;
    case 'split':
      return answers.split
        ? t(answers.split.priceFromMarket ? 'steps.summary.values.market' : 'steps.summary.values.alone')
        : null;
    case 'price':
      return answers.price
        ? flow === 'rent'
          ? t('steps.summary.values.euroMonth', { value: formatThousands(answers.price.price) })
          : euro(answers.price.price)
        : null;
    case 'title':
      return answers.title?.title ?? null;
    case 'description': {
      const text = answers.description?.description;
      if (text === undefined) return null;
      return text.length > DESCRIPTION_PREVIEW ? `${text.slice(0, DESCRIPTION_PREVIEW).trimEnd()}…` : text;
    }
    case 'photos':
      return answers.photos
        ? answers.photos.photoCount === 0
          ? t('steps.summary.values.noPhotos')
          : t('steps.summary.values.photos', { count: answers.photos.photoCount })
        : null;
    case 'documents': {
      const a = answers.documents;
      return a
        ? t('steps.summary.values.documents', {
            floorPlans: a.floorPlanCount,
            certificates: a.energyCertificateCount,
            others: a.otherCount,
          })
        : null;
    }
    default:
      return null;
  }
}

/**
 * Step 27: every answer of the listing, section by section, each with «Modifica»: the step
 * opens (a deep link from the summary) and its answer comes back here.
 */
export default function SummaryStep({ flow, answers, busy, error, onAnswer }: StepViewProps<'summary'>) {
  const { t } = useTranslation('listing-wizard');
  const label = useReferenceLabel();
  const { goTo } = useWizardExtras();
  // The locality answer names its town by ISTAT code: its name comes from the search's town area.
  const istat = answers.locality?.municipalityIstat ?? '';
  const town = useQuery({ ...municipalityQueryOptions(istat), enabled: istat !== '' });
  const listingFlow: ListingFlow = flow === 'rent' ? 'rent' : 'sale';

  const rowsOf = (steps: readonly StepId[]) =>
    steps
      .filter((id) => (STEPS[id].flows as readonly string[]).includes(listingFlow))
      .map((id) => ({ id, value: answerText(id, answers, listingFlow, t, label, town.data?.name) }))
      .filter((row): row is { id: StepId; value: string } => row.value !== null);

  const labelOf = (id: StepId): string =>
    id === 'price' ? t(`steps.summary.labels.price.${listingFlow}`) : t(`steps.summary.labels.${id}`);

  return (
    <StepForm
      title={t('steps.summary.title')}
      hint={t('steps.summary.hint')}
      submitLabel={t('steps.summary.submit')}
      onSubmit={() => onAnswer({ confirmed: true })}
      busy={busy}
      error={error}
    >
      {SECTIONS.map((section) => {
        const rows = rowsOf(section.steps);
        if (rows.length === 0) return null;
        return (
          <section key={section.key} className={styles.summarySection} aria-labelledby={`summary-${section.key}`}>
            <h2 id={`summary-${section.key}`} className={styles.summaryHeading}>
              {t(`steps.summary.sections.${section.key}`)}
            </h2>
            <dl className={styles.summaryList}>
              {rows.map((row): ReactNode => (
                <div key={row.id} className={styles.summaryRow} data-testid={`summary-${row.id}`}>
                  <dt className={styles.summaryLabel}>{labelOf(row.id)}</dt>
                  <dd className={styles.summaryValue}>{row.value}</dd>
                  <dd className={styles.summaryAction}>
                    <button
                      type="button"
                      className={styles.editButton}
                      disabled={busy}
                      aria-label={t('steps.summary.editLabel', { label: labelOf(row.id) })}
                      onClick={() => goTo(STEPS[row.id].step)}
                    >
                      {t('steps.summary.edit')}
                    </button>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
    </StepForm>
  );
}
