import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { deleteMedia, makeCover, saveMediaOrder, setListingMedia } from '../api/media-api';
import { formatFileSize, fullUrlOf, moved, thumbnailOf, type MediaItem, type MediaKind } from '../model/media';
import styles from './media-list.module.css';

export interface MediaListProps {
  listingId: number;
  kind: MediaKind;
  /** The kind's files in display order. */
  items: MediaItem[];
  /** Every file of the listing (an order or a delete answers them all). */
  allItems: MediaItem[];
  announce: (message: string) => void;
}

/** A dragged photo, by its id: only drags that start on a photo of this list reorder it. */
const DRAG_TYPE = 'application/x-rexer-media-id';

/**
 * The stored files of one kind. Photos: in their order, the first is the cover; each can move
 * earlier or later (buttons, or dragged), become the cover, be deleted (asked first).
 * Documents: each opens in a new tab or is deleted.
 */
export function MediaList({ listingId, kind, items, allItems, announce }: MediaListProps) {
  const { t } = useTranslation('upload-media');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<MediaItem | null>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dragId, setDragId] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const photos = kind === 'photo';
  const nameOf = (index: number) => t(`kind.${kind}.itemName`, { position: index + 1 });

  /** Runs a change, shows the listing's media as answered, or puts the former state back with a message. */
  const run = async (
    change: () => Promise<MediaItem[]>,
    optimistic: MediaItem[] | null,
    failure: string,
    success: string,
  ) => {
    setError(null);
    setWorking(true);
    const before = allItems;
    if (optimistic) setListingMedia(queryClient, listingId, optimistic);
    try {
      setListingMedia(queryClient, listingId, await change());
      announce(success);
      return true;
    } catch {
      if (optimistic) setListingMedia(queryClient, listingId, before);
      setError(failure);
      return false;
    } finally {
      setWorking(false);
    }
  };

  const move = async (from: number, to: number, focusAfter: 'earlier' | 'later' | null) => {
    if (to < 0 || to >= items.length || from === to) return;
    const order = moved(items, from, to);
    const positions = new Map(order.map((item, position) => [item.Id, position]));
    // The photos first, in their new order; every other file after them, as before.
    const optimistic = [
      ...order.map((item, index) => ({ ...item, Position: index, IsCover: index === 0 })),
      ...allItems
        .filter((item) => !positions.has(item.Id))
        .map((item, index) => ({ ...item, Position: order.length + index })),
    ];
    const ok = await run(
      () =>
        saveMediaOrder(
          listingId,
          order.map((item) => item.Id),
        ),
      optimistic,
      t('list.orderFailed'),
      t('list.moved', { position: to + 1, count: items.length }),
    );
    if (ok && focusAfter) {
      // The moved photo keeps the focus, on the same button when it is still there.
      requestAnimationFrame(() => {
        const row = listRef.current?.querySelector<HTMLElement>(`[data-media-id="${items[from]!.Id}"]`);
        const button =
          row?.querySelector<HTMLButtonElement>(`[data-move="${focusAfter}"]:not(:disabled)`) ??
          row?.querySelector<HTMLButtonElement>('button:not(:disabled)');
        button?.focus();
      });
    }
  };

  const remove = async (item: MediaItem) => {
    const index = items.findIndex((other) => other.Id === item.Id);
    setConfirming(null);
    const ok = await run(
      () => deleteMedia(listingId, item.Id),
      null,
      t('list.deleteFailed'),
      t(`kind.${kind}.deleted`, { position: index + 1 }),
    );
    if (ok) requestAnimationFrame(() => headingRef.current?.focus());
  };

  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    const dragged = Number(event.dataTransfer.getData(DRAG_TYPE) || dragId);
    setDragId(null);
    setOverIndex(null);
    const from = items.findIndex((item) => item.Id === dragged);
    if (from < 0) return;
    event.preventDefault();
    void move(from, index, null);
  };

  if (items.length === 0) return null;

  return (
    <section className={styles.section} aria-labelledby={`list-${kind}-title`}>
      <h3 id={`list-${kind}-title`} ref={headingRef} tabIndex={-1} className={styles.title}>
        {t(`kind.${kind}.listTitle`, { count: items.length })}
      </h3>
      {photos && items.length > 1 ? <p className={styles.help}>{t('list.orderHelp')}</p> : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <ol
        ref={listRef}
        className={cx(styles.list, photos ? styles.photos : styles.documents)}
        aria-busy={working || undefined}
      >
        {items.map((item, index) => {
          const thumbnail = thumbnailOf(item);
          const name = nameOf(index);
          return (
            <li
              key={item.Id}
              data-media-id={item.Id}
              className={cx(
                styles.item,
                dragId === item.Id && styles.dragging,
                overIndex === index && dragId !== item.Id && styles.dropTarget,
              )}
              draggable={photos && !working}
              onDragStart={(event) => {
                if (!photos) return;
                event.dataTransfer.setData(DRAG_TYPE, String(item.Id));
                event.dataTransfer.effectAllowed = 'move';
                setDragId(item.Id);
              }}
              onDragEnd={() => {
                setDragId(null);
                setOverIndex(null);
              }}
              onDragOver={(event) => {
                if (!photos || dragId === null) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                setOverIndex(index);
              }}
              onDrop={(event) => onDrop(event, index)}
            >
              <a
                className={styles.preview}
                href={fullUrlOf(item)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('list.open', { name })}
                draggable={false}
              >
                {thumbnail ? (
                  <picture>
                    {thumbnail.sources.map((source) => (
                      <source key={source.type} srcSet={source.srcSet} type={source.type} />
                    ))}
                    <img
                      src={thumbnail.src}
                      alt=""
                      loading="lazy"
                      decoding="async"
                      draggable={false}
                      className={styles.image}
                    />
                  </picture>
                ) : (
                  <span className={styles.pdf} aria-hidden="true">
                    PDF
                  </span>
                )}
              </a>
              <div className={styles.meta}>
                <span className={styles.name}>{name}</span>
                {photos && item.IsCover ? <span className={styles.cover}>{t('list.cover')}</span> : null}
                {!photos && item.SizeBytes ? (
                  <span className={styles.size}>{formatFileSize(item.SizeBytes)}</span>
                ) : null}
              </div>
              <div className={styles.actions}>
                {photos ? (
                  <span className={styles.moves}>
                    <Button
                      size="small"
                      variant="secondary"
                      className={styles.move}
                      data-move="earlier"
                      disabled={working || index === 0}
                      onClick={() => void move(index, index - 1, 'earlier')}
                      aria-label={t('list.moveEarlier', { name })}
                    >
                      <span aria-hidden="true">←</span>
                    </Button>
                    <Button
                      size="small"
                      variant="secondary"
                      className={styles.move}
                      data-move="later"
                      disabled={working || index === items.length - 1}
                      onClick={() => void move(index, index + 1, 'later')}
                      aria-label={t('list.moveLater', { name })}
                    >
                      <span aria-hidden="true">→</span>
                    </Button>
                  </span>
                ) : null}
                {photos && !item.IsCover ? (
                  <Button
                    size="small"
                    variant="ghost"
                    disabled={working}
                    onClick={() =>
                      void run(
                        () => makeCover(listingId, item.Id),
                        null,
                        t('list.coverFailed'),
                        t('list.coverSet', { name }),
                      )
                    }
                    aria-label={t('list.makeCoverLabel', { name })}
                  >
                    {t('list.makeCover')}
                  </Button>
                ) : null}
                <Button
                  size="small"
                  variant="ghost"
                  disabled={working}
                  onClick={() => setConfirming(item)}
                  aria-label={t('list.deleteLabel', { name })}
                  className={styles.delete}
                >
                  {t('list.delete')}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t(`kind.${kind}.confirmTitle`)}
        closeLabel={t('list.close')}
        size="small"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t('list.keep')}
            </Button>
            <Button variant="primary" onClick={() => confirming && void remove(confirming)}>
              {t('list.confirmDelete')}
            </Button>
          </>
        }
      >
        <p>{t(`kind.${kind}.confirmText`)}</p>
      </Modal>
    </section>
  );
}
