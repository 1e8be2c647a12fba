import type { SearchParams } from '@domain/search';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { withoutFilters } from '../model/filters';
import { SearchFilters } from './search-filters';
import styles from './search-results-page.module.css';

export interface FiltersPanelProps {
  params: SearchParams;
  /** The result count of the current search, shown on the button that closes the panel. */
  total: number | undefined;
  activeFilters: number;
  updating: boolean;
  onSearch: (next: SearchParams) => void;
  onClose: () => void;
  /** "Mostra N risultati": closes the panel on the first result. */
  onShowResults: () => void;
}

/**
 * The filter panel (a dialog on every width). Loaded when it first opens: its form, fields
 * and the dialog are not part of the results' first screen.
 */
export default function FiltersPanel({
  params,
  total,
  activeFilters,
  updating,
  onSearch,
  onClose,
  onShowResults,
}: FiltersPanelProps) {
  const { t } = useTranslation('search');
  return (
    <Modal
      open
      onClose={onClose}
      title={t('panel.title')}
      closeLabel={t('panel.close')}
      size="large"
      className={styles.panel}
      footer={
        <>
          <Button variant="ghost" onClick={() => onSearch(withoutFilters(params))} disabled={activeFilters === 0}>
            {t('panel.reset')}
          </Button>
          <Button onClick={onShowResults} loading={updating}>
            {total !== undefined ? t('panel.show', { count: total }) : t('panel.showNoCount')}
          </Button>
        </>
      }
    >
      <SearchFilters value={params} onChange={onSearch} />
    </Modal>
  );
}
