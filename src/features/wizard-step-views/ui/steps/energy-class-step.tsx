import { useRef, useState } from 'react';
import { ENERGY_PERFORMANCE_MAX, isValidAnswer, REFERENCE_IDS, type EnergyClassAnswer } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { ChoiceCards } from '@/shared/ui/choice-cards';
import { NumberField } from '@/shared/ui/number-field';
import { StepForm } from '@/shared/ui/step-form';
import type { StepViewProps } from '../../model/step-view';
import { focusFirstInvalid } from '../../lib/focus-invalid';
import styles from './steps.module.css';

/** 11 exempt, 12 pending: no certificate, so no index to ask. */
const EXEMPT = 11;
const PENDING = 12;

type Field = 'class' | 'performance';

/**
 * Step 9: the energy class of the certificate (A4 ... G, exempt, pending) and, beside a
 * certified class, its index (EPgl,nren, 0-1,000 kWh/m² a year). The index is optional, with
 * a note that the law asks it of every ad: a seller without the certificate at hand goes on
 * and adds it later.
 */
export default function EnergyClassStep({ answer, answers, busy, error, onAnswer }: StepViewProps<'energyClass'>) {
  const { t } = useTranslation('wizard');
  const [classId, setClassId] = useState<number | undefined>(answer?.energyClassId);
  const [performance, setPerformance] = useState<number | null>(answer?.energyPerformance ?? null);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const fieldsRef = useRef<HTMLDivElement>(null);
  const certified = classId !== undefined && classId !== EXEMPT && classId !== PENDING;

  const submit = () => {
    const found: Partial<Record<Field, string>> = {
      class: classId === undefined ? t('steps.energyClass.errors.class') : undefined,
      performance:
        certified && performance !== null && (performance < 0 || performance > ENERGY_PERFORMANCE_MAX)
          ? t('steps.energyClass.errors.performance')
          : undefined,
    };
    setProblems(found);
    const value = { energyClassId: classId, energyPerformance: certified ? performance : null } as EnergyClassAnswer;
    if (Object.values(found).some(Boolean) || !isValidAnswer('energyClass', value, answers)) {
      focusFirstInvalid(fieldsRef.current);
      return;
    }
    onAnswer(value);
  };

  const description = (id: number) =>
    id === EXEMPT ? t('steps.energyClass.exemptHint') : id === PENDING ? t('steps.energyClass.pendingHint') : undefined;

  return (
    <StepForm
      title={t('steps.energyClass.title')}
      hint={t('steps.energyClass.hint')}
      onSubmit={submit}
      busy={busy}
      error={error}
    >
      <div ref={fieldsRef} className={styles.fields}>
        <ChoiceCards
          legend={t('steps.energyClass.legend')}
          hideLegend
          name="energyClass"
          compact
          columns={2}
          options={REFERENCE_IDS.energyClasses.map((id) => ({
            value: id,
            label: t(`energyClasses.${id}`),
            description: description(id),
          }))}
          value={classId}
          onChange={(id) => {
            setClassId(id);
            setProblems({});
          }}
          error={problems.class}
        />
        {certified ? (
          <NumberField
            label={t('steps.energyClass.performance')}
            name="energyPerformance"
            help={
              <>
                {t('steps.energyClass.performanceHelp')}
                <span className={styles.performanceNote} data-testid="energy-performance-note">
                  {t('steps.energyClass.performanceLater')}
                </span>
              </>
            }
            unit={t('steps.energyClass.performanceUnit')}
            decimals
            value={performance}
            onChange={(value) => {
              setPerformance(value);
              setProblems((current) => ({ ...current, performance: undefined }));
            }}
            error={problems.performance}
          />
        ) : null}
      </div>
    </StepForm>
  );
}
