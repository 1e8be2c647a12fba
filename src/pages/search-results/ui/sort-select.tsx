import type { SearchParams, SearchSort } from '@domain/search';
import { useTranslation } from 'react-i18next';
import { Select } from '@/shared/ui/select';
import { applyFilters, SORT_CHOICES } from '../model/filters';

export interface SortSelectProps {
  value: SearchParams;
  onChange(next: SearchParams): void;
  className?: string;
}

/** The order of the results; a new order starts again at the first page. */
export function SortSelect({ value, onChange, className }: SortSelectProps) {
  const { t } = useTranslation('search');
  const choices: readonly SearchSort[] = SORT_CHOICES.includes(value.Sort as (typeof SORT_CHOICES)[number]) ? SORT_CHOICES : [...SORT_CHOICES, value.Sort];
  return (
    <Select
      className={className}
      label={t('sort.label')}
      value={value.Sort}
      options={choices.map((sort) => ({ value: sort, label: t(`sort.${sort}`) }))}
      onChange={(event) => onChange(applyFilters(value, { Sort: event.target.value as SearchSort }))}
    />
  );
}
