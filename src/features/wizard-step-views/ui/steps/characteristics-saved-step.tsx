import { useTranslation } from '@/shared/i18n';
import { formatThousands } from '@/shared/lib/number';
import { StepForm } from '@/shared/ui/step-form';
import type { StepViewProps } from '../../model/step-view';
import styles from './steps.module.css';

/** Step 11: the characteristics are saved; a short summary of them, then on. */
export default function CharacteristicsSavedStep({
  flow,
  answers,
  busy,
  error,
  onAnswer,
}: StepViewProps<'characteristicsSaved'>) {
  const { t } = useTranslation('wizard');
  const floorText = (floor: number) =>
    floor === 0
      ? t('steps.floors.ground')
      : floor === -1
        ? t('steps.floors.basement')
        : floor < 0
          ? t('steps.floors.basementN', { n: -floor })
          : t('steps.floors.nth', { n: floor });
  const rows: Array<[string, string | undefined]> = [
    ['type', answers.propertyType ? t(`propertyTypes.${answers.propertyType.propertyTypeId}`) : undefined],
    [
      'surface',
      answers.surface
        ? t('steps.characteristicsSaved.surfaceValue', { value: formatThousands(answers.surface.surfaceM2) })
        : undefined,
    ],
    ['rooms', answers.composition ? String(answers.composition.rooms) : undefined],
    ['bathrooms', answers.composition ? String(answers.composition.bathrooms) : undefined],
    ['floor', answers.floors ? floorText(answers.floors.floor) : undefined],
    ['condition', answers.renovation ? t(`propertyConditions.${answers.renovation.conditionId}`) : undefined],
    ['energyClass', answers.energyClass ? t(`energyClasses.${answers.energyClass.energyClassId}`) : undefined],
    ['heating', answers.heating ? t(`heatingTypes.${answers.heating.heatingTypeId}`) : undefined],
  ];
  const shown = rows.filter((row): row is [string, string] => row[1] !== undefined);

  return (
    <StepForm
      title={t('steps.characteristicsSaved.title')}
      hint={t(
        flow === 'valuation' ? 'steps.characteristicsSaved.textValuation' : 'steps.characteristicsSaved.textListing',
      )}
      onSubmit={() => onAnswer(null)}
      busy={busy}
      error={error}
    >
      {shown.length > 0 ? (
        <dl className={styles.summary} aria-label={t('steps.characteristicsSaved.summary')}>
          {shown.map(([key, value]) => (
            <div key={key}>
              <dt>{t(`steps.characteristicsSaved.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </StepForm>
  );
}
