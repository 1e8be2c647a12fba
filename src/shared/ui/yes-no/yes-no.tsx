import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { ChoiceCards } from '@/shared/ui/choice-cards';

export interface YesNoProps {
  /** The question, as the group's legend. */
  legend: ReactNode;
  hint?: ReactNode;
  value: boolean | undefined;
  onChange: (value: boolean) => void;
  error?: ReactNode;
  name?: string;
  className?: string;
}

/** A yes/no question: two radio cards, "Sì" and "No", side by side. */
export function YesNo({ legend, hint, value, onChange, error, name, className }: YesNoProps) {
  const { t } = useTranslation('common');
  return (
    <ChoiceCards
      legend={legend}
      hint={hint}
      name={name}
      columns={2}
      className={className}
      error={error}
      options={[
        { value: 'yes', label: t('form.yes') },
        { value: 'no', label: t('form.no') },
      ]}
      value={value === undefined ? undefined : value ? 'yes' : 'no'}
      onChange={(choice) => onChange(choice === 'yes')}
    />
  );
}
