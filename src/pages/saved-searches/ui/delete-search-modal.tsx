import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { Text } from '@/shared/ui/text';
import { deleteSavedSearch, SAVED_SEARCHES_KEY, type SavedSearch } from '../api/saved-searches-api';
import { errorKey } from '../model/error-key';
import styles from './saved-searches-page.module.css';

/** The confirmation of the spec's delete-search modal: «Eliminare la ricerca «{name}»?». */
export function DeleteSearchModal({
  search,
  onClose,
  onDeleted,
}: {
  search: SavedSearch;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('saved-searches');
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteSavedSearch(search.Id),
    onSuccess: async () => {
      queryClient.setQueryData<SavedSearch[]>(SAVED_SEARCHES_KEY, (list) =>
        list?.filter((item) => item.Id !== search.Id),
      );
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY });
    },
    // Already gone (deleted from a mail's link): the list catches up.
    onError: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
  const gone = remove.isError && errorKey(remove.error) === 'errors.SavedSearchNotFound';

  return (
    <Modal
      open
      onClose={onClose}
      title={t('delete.title', { name: search.Name })}
      closeLabel={t('delete.close')}
      size="small"
      footer={
        <div className={styles.modalActions}>
          <Button variant="ghost" onClick={onClose}>
            {t('delete.cancel')}
          </Button>
          <Button
            onClick={() => remove.mutate()}
            loading={remove.isPending}
            disabled={gone}
            data-testid="confirm-delete-search"
          >
            {remove.isPending ? t('delete.deleting') : t('delete.confirm')}
          </Button>
        </div>
      }
    >
      <Text>{t('delete.text')}</Text>
      {remove.isError ? (
        <Alert tone="error" live className={styles.modalError}>
          {t(errorKey(remove.error))}
        </Alert>
      ) : null}
    </Modal>
  );
}
