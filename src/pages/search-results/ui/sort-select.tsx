import type { SearchParams, SearchSort } from '@domain/search';
import { useId } from 'react';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { applyFilters, SORT_CHOICES } from '../model/filters';
import styles from './search-filters.module.css';

export interface SortSelectProps {
  value: SearchParams;
  onChange(next: SearchParams): void;
  className?: string;
}

/** The order of the results, label and select on one line; a new order starts again at the first page. */
export function SortSelect({ value, onChange, className }: SortSelectProps) {
  const { t } = useTranslation('search');
  const id = useId();
  const choices: readonly SearchSort[] = (SORT_CHOICES as readonly SearchSort[]).includes(value.Sort)
    ? SORT_CHOICES
    : [...SORT_CHOICES, value.Sort];
  return (
    <div className={cx(styles.sort, className)}>
      <label htmlFor={id}>{t('sort.label')}</label>
      <select
        id={id}
        value={value.Sort}
        onChange={(event) => onChange(applyFilters(value, { Sort: event.target.value as SearchSort }))}
      >
        {choices.map((sort) => (
          <option key={sort} value={sort}>
            {t(`sort.${sort}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
