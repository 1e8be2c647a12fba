import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { Text } from '@/shared/ui/text';
import { changeListingStatus, MY_LISTINGS_KEY, type ListingDraft, type MyListingsAnswer } from '../api/my-listings-api';
import { CONFIRMED, type ActionsFor, type StatusAction } from '../model/listing-actions';
import { errorKey } from '../model/messages';
import styles from './my-listings.module.css';

export interface StatusActionsProps {
  listing: { Id: number; Status: number; Title: string | null; SellType: number | null };
  actionsFor: ActionsFor;
  /** After a change the API accepted: the page says what happened. */
  onChanged: (action: StatusAction, draft: ListingDraft) => void;
}

/**
 * The status buttons of one listing: the changes the status machine allows, each through
 * PUT /api/Property/{id}/Status. Marking sold and deleting ask first in a modal.
 */
export function StatusActions({ listing, actionsFor, onChanged }: StatusActionsProps) {
  const { t } = useTranslation('my-listings');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<StatusAction | null>(null);
  const change = useMutation({
    mutationFn: (action: StatusAction) => changeListingStatus(listing.Id, action.status),
    onSuccess: async (draft, action) => {
      // Every list shows the new status at once (a deleted listing leaves them); then each refetches.
      queryClient.setQueriesData<InfiniteData<MyListingsAnswer>>({ queryKey: [...MY_LISTINGS_KEY, 'list'] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                Items: page.Items.filter((item) => item.Id !== listing.Id || action.status !== 5).map((item) =>
                  item.Id === listing.Id ? { ...item, Status: draft.Status, UpdatedAt: draft.UpdatedAt } : item,
                ),
              })),
            }
          : data,
      );
      setConfirming(null);
      onChanged(action, draft);
      await queryClient.invalidateQueries({ queryKey: MY_LISTINGS_KEY });
    },
    // The listing changed elsewhere (another tab): show where it stands now.
    onError: () => queryClient.invalidateQueries({ queryKey: MY_LISTINGS_KEY }),
  });
  const actions = actionsFor(listing.Status);
  if (actions.length === 0) return null;
  const title = listing.Title ?? t('untitled');
  const kind = listing.SellType === 2 ? 'rent' : 'sale';
  // Marking sold reads «Affittato» for a rent: that event's texts come in both kinds.
  const keyOf = (action: StatusAction) => (action.event === 'MARK_SOLD' ? `MARK_SOLD.${kind}` : action.event);
  const busy = (action: StatusAction) => change.isPending && change.variables?.event === action.event;

  return (
    <>
      <div className={styles.actions}>
        {actions.map((action) => (
          <Button
            key={action.event}
            variant={action.event === 'DELETE' ? 'ghost' : 'secondary'}
            size="small"
            loading={busy(action) && !confirming}
            disabled={change.isPending}
            onClick={() => {
              change.reset();
              if (CONFIRMED.has(action.event)) setConfirming(action);
              else change.mutate(action);
            }}
            aria-label={t(`action.${keyOf(action)}.label`, { title })}
            data-testid={`action-${action.event}`}
          >
            {busy(action) && !confirming ? t(`action.${keyOf(action)}.busy`) : t(`action.${keyOf(action)}.button`)}
          </Button>
        ))}
      </div>
      {change.isError && !confirming ? (
        <Alert tone="error" live className={styles.actionError}>
          {t(errorKey(change.error))}
        </Alert>
      ) : null}
      {confirming ? (
        <Modal
          open
          onClose={() => !change.isPending && setConfirming(null)}
          title={t(`confirm.${keyOf(confirming)}.title`, { title })}
          closeLabel={t('confirm.close')}
          size="small"
          footer={
            <div className={styles.modalActions}>
              <Button variant="ghost" onClick={() => setConfirming(null)} disabled={change.isPending}>
                {t('confirm.cancel')}
              </Button>
              <Button
                onClick={() => change.mutate(confirming)}
                loading={change.isPending}
                data-testid="confirm-status-change"
              >
                {change.isPending ? t(`action.${keyOf(confirming)}.busy`) : t(`confirm.${keyOf(confirming)}.confirm`)}
              </Button>
            </div>
          }
        >
          <Text>{t(`confirm.${keyOf(confirming)}.text`)}</Text>
          {change.isError ? (
            <Alert tone="error" live className={styles.actionError}>
              {t(errorKey(change.error))}
            </Alert>
          ) : null}
        </Modal>
      ) : null}
    </>
  );
}
