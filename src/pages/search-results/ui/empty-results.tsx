import type { SearchParams } from '@domain/search';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { wideningsOf } from '../model/widen';
import styles from './search-results-page.module.css';

export interface EmptyResultsProps {
  params: SearchParams;
  province?: string;
  onSearch(next: SearchParams): void;
}

/** No listing matches: say so, and offer wider searches, one button each. */
export function EmptyResults({ params, province, onSearch }: EmptyResultsProps) {
  const { t } = useTranslation('search');
  const widenings = wideningsOf(params, { province });
  return (
    <section className={styles.empty} aria-labelledby="results-empty">
      <h2 id="results-empty" className={styles.emptyTitle}>
        {t('empty.title')}
      </h2>
      {widenings.length > 0 ? (
        <>
          <p>{t('empty.text')}</p>
          <div className={styles.emptyActions}>
            {widenings.map((widening) => (
              <Button
                key={widening.kind}
                variant={widening.kind === 'removeAll' ? 'primary' : 'secondary'}
                onClick={() => onSearch(widening.params)}
              >
                {t(`empty.${widening.kind}`, { km: widening.km })}
              </Button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
