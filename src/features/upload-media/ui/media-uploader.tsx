import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { useMediaQuery } from '@/shared/lib/device';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icon';
import {
  listingMediaKey,
  saveMediaOrder,
  setListingMedia,
  uploadMedia,
  UploadError,
  type ListingMedia,
} from '../api/media-api';
import {
  acceptOf,
  formatMegabytes,
  refusalKey,
  RETRYABLE,
  UPLOAD_MEDIA_TYPE,
  type MediaKind,
  type RefusalReason,
} from '../model/media';
import { chosenOrder, isActive, MAX_PARALLEL_UPLOADS, tasksFor, type UploadTask } from '../model/upload-queue';
import styles from './media-uploader.module.css';

export interface MediaUploaderProps {
  listingId: number;
  kind: MediaKind;
  media: ListingMedia;
  /** How many files of this kind the listing holds now. */
  stored: number;
  /** Tells the seller what happened (a polite live region of the step). */
  announce: (message: string) => void;
  /** Whether files are still on their way (the step waits before going on). */
  onBusyChange?: (busy: boolean) => void;
}

/** When the budget refused a file without saying how long to wait: a minute, the budget's window. */
const DEFAULT_PAUSE_SECONDS = 60;

/**
 * Seconds to wait when the server refused a file for the uploader's pixel budget or its share of
 * the server's line of image work (429 UploadBudgetExceeded), or because that line was full
 * (503 ImageWorkBusy), else null: the files pause and go on by themselves.
 */
function budgetPauseOf(error: unknown): number | null {
  if (!(error instanceof UploadError)) return null;
  const type = error.body?.ExceptionTypeString;
  if (!(error.status === 429 && type === 'UploadBudgetExceeded') && !(error.status === 503 && type === 'ImageWorkBusy'))
    return null;
  return error.retryAfterSeconds ?? DEFAULT_PAUSE_SECONDS;
}

function reasonOf(error: unknown): RefusalReason {
  if (!(error instanceof UploadError)) return 'unexpected';
  if (error.status === 0) return 'network';
  if (error.status === 401) return 'session';
  if (error.status === 404) return 'listing';
  if (error.status === 413) return 'bytes';
  if (error.status === 415) return 'type';
  if (error.status === 429) return 'rate';
  return 'unexpected';
}

/**
 * Chooses and sends files of one kind to the listing: a drop area, a file button, the camera
 * on a phone (photos), each file's progress, and each refusal in words with what to do.
 * What was stored shows in the kind's list (photo-gallery / document-list), from the answers.
 */
export function MediaUploader({ listingId, kind, media, stored, announce, onBusyChange }: MediaUploaderProps) {
  const { t } = useTranslation('upload-media');
  const queryClient = useQueryClient();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const [tasks, setTasks] = useState<UploadTask[]>([]);
  const [dragging, setDragging] = useState(false);
  // The server's budget of decoded pixels a minute was spent: nothing is sent until then
  // (the files would only be refused), and the files wait in line, not refused.
  const [pause, setPause] = useState<{ until: number; seconds: number } | null>(null);
  const started = useRef(new Map<string, AbortController>());
  // The files of this choice stored so far (media id -> the task's order), and the order calls
  // that put them back in the order chosen, one after the other.
  const placed = useRef(new Map<number, number>());
  const ordering = useRef<Promise<void>>(Promise.resolve());
  const [reordering, setReordering] = useState(0);
  const onPhone = useMediaQuery('(pointer: coarse)');
  const { limits } = media;
  const max = kind === 'photo' ? limits.MaxPhotos : limits.MaxDocuments;
  const refusalValues = {
    max,
    maxImage: formatMegabytes(limits.MaxImageBytes),
    maxPdf: formatMegabytes(limits.MaxPdfBytes),
    minLong: limits.MinPhotoLongSide,
    minShort: limits.MinPhotoShortSide,
  };

  const update = useCallback((key: string, change: Partial<UploadTask>) => {
    setTasks((all) => all.map((task) => (task.key === key ? { ...task, ...change } : task)));
  }, []);

  const add = (files: readonly File[]) => {
    if (files.length === 0) return;
    const queued = tasks.filter(isActive).length;
    const added = tasksFor(files, kind, limits, stored, queued);
    setTasks((all) => [...all, ...added]);
    const refused = added.filter((task) => task.state === 'refused').length;
    const accepted = added.length - refused;
    announce(
      [
        accepted > 0 ? t('announce.added', { count: accepted }) : '',
        refused > 0 ? t('announce.refusedNow', { count: refused }) : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
  };

  // Two files go up at a time and the server adds each after the listing's last media as its
  // request ends: a small second photo would come before a large first one (and become the
  // cover). Once stored, the files take back the order they were chosen in.
  const keepChosenOrder = () => {
    const chosen = new Map(placed.current);
    if (chosen.size < 2) return;
    setReordering((count) => count + 1);
    ordering.current = ordering.current
      .then(async () => {
        const items = queryClient.getQueryData<ListingMedia>(listingMediaKey(listingId))?.items ?? [];
        const order = chosenOrder(items, chosen);
        if (order) setListingMedia(queryClient, listingId, await saveMediaOrder(listingId, order));
      })
      .catch(() => announce(t('list.orderFailed')))
      .finally(() => setReordering((count) => count - 1));
  };

  const pauseFor = (key: string, seconds: number) => {
    update(key, { state: 'pending', status: 1, reason: null, progress: 0 });
    setPause((current) => {
      const until = Date.now() + seconds * 1000;
      return current && current.until >= until ? current : { until, seconds };
    });
    announce(t('announce.paused', { count: seconds }));
  };

  // A pause ends by itself; the waiting files then start again.
  useEffect(() => {
    if (!pause) return;
    const timer = setTimeout(() => setPause(null), Math.max(0, pause.until - Date.now()));
    return () => clearTimeout(timer);
  }, [pause]);

  // Starts the next waiting files, two at a time.
  useEffect(() => {
    if (pause) return;
    const running = tasks.filter((task) => task.state === 'uploading' || task.state === 'processing').length;
    const next = tasks
      .filter((task) => task.state === 'pending' && !started.current.has(task.key))
      .slice(0, Math.max(0, MAX_PARALLEL_UPLOADS - running));
    for (const task of next) {
      const controller = new AbortController();
      started.current.set(task.key, controller);
      update(task.key, { state: 'uploading', status: 2, progress: 0 });
      uploadMedia({
        listingId,
        mediaType: UPLOAD_MEDIA_TYPE[kind],
        files: [task.file],
        signal: controller.signal,
        onProgress: (fraction) =>
          update(task.key, { progress: fraction, state: fraction >= 1 ? 'processing' : 'uploading' }),
      })
        .then((answer) => {
          setListingMedia(queryClient, listingId, answer.MediaInfo);
          const result = answer.Files[0];
          if (result?.Reason === 'budget') {
            pauseFor(task.key, answer.RetryAfter ?? DEFAULT_PAUSE_SECONDS);
          } else if (result && result.Status === 0) {
            if (result.Media) {
              placed.current.set(result.Media.Id, task.order);
              keepChosenOrder();
            }
            setTasks((all) => all.filter((other) => other.key !== task.key));
            announce(t('announce.uploaded', { name: task.name }));
          } else {
            const reason = result?.Reason ?? null;
            update(task.key, { state: 'refused', status: result?.Status ?? 100, reason });
            announce(
              t('announce.refused', {
                name: task.name,
                why: t(refusalKey(reason, result?.Status ?? 100), refusalValues),
              }),
            );
          }
        })
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          const pauseSeconds = budgetPauseOf(error);
          if (pauseSeconds !== null) {
            pauseFor(task.key, pauseSeconds);
            return;
          }
          const reason = reasonOf(error);
          update(task.key, { state: 'refused', status: 100, reason });
          announce(t('announce.refused', { name: task.name, why: t(refusalKey(reason, 100), refusalValues) }));
        })
        .finally(() => started.current.delete(task.key));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on each change of the queue and of the pause; the rest is stable for a task's life
  }, [tasks, pause]);

  // Leaving the step stops what is still being sent.
  useEffect(() => {
    const running = started.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const sending = tasks.some(isActive);
  // A choice is over once none of its files is on its way: the next one is ordered on its own.
  useEffect(() => {
    if (!sending) placed.current.clear();
  }, [sending]);
  const busy = sending || reordering > 0;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  };

  const full = stored >= max;
  const helpId = `${id}-help`;

  return (
    <div className={styles.uploader}>
      <div
        className={cx(styles.dropzone, dragging && styles.dropzoneActive)}
        onDragEnter={(event) => {
          if (event.dataTransfer.types.includes('Files')) setDragging(true);
        }}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        data-testid={`dropzone-${kind}`}
      >
        <Icon name="upload" size={28} className={styles.dropIcon} />
        {/* Dragging files is a desktop gesture: a touch screen only gets the buttons. */}
        {onPhone ? null : <p className={styles.dropText}>{t(`kind.${kind}.drop`)}</p>}
        <div className={styles.dropButtons}>
          <Button
            variant="secondary"
            onClick={() => fileInput.current?.click()}
            disabled={full}
            aria-describedby={helpId}
          >
            {t(`kind.${kind}.choose`)}
          </Button>
          {kind === 'photo' && onPhone ? (
            <Button variant="secondary" onClick={() => cameraInput.current?.click()} disabled={full}>
              {t('kind.photo.camera')}
            </Button>
          ) : null}
        </div>
        <p id={helpId} className={styles.dropHelp}>
          {full ? t(`kind.${kind}.full`, { max }) : t(`kind.${kind}.help`, refusalValues)}
        </p>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={acceptOf(kind)}
          className={styles.hiddenInput}
          tabIndex={-1}
          aria-hidden="true"
          data-testid={`file-input-${kind}`}
          onChange={(event) => {
            add(Array.from(event.currentTarget.files ?? []));
            event.currentTarget.value = '';
          }}
        />
        {kind === 'photo' ? (
          <input
            ref={cameraInput}
            type="file"
            accept="image/*"
            capture="environment"
            className={styles.hiddenInput}
            tabIndex={-1}
            aria-hidden="true"
            data-testid="camera-input"
            onChange={(event) => {
              add(Array.from(event.currentTarget.files ?? []));
              event.currentTarget.value = '';
            }}
          />
        ) : null}
      </div>

      {tasks.length > 0 ? (
        <ul className={styles.queue} aria-label={t('queue.label')}>
          {tasks.map((task) => (
            <li key={task.key} className={cx(styles.task, task.state === 'refused' && styles.taskRefused)}>
              <span className={styles.taskName}>{task.name}</span>
              {task.state === 'refused' ? (
                <>
                  <p className={styles.taskError}>
                    <Icon name="alert" size={16} /> {t(refusalKey(task.reason, task.status), refusalValues)}
                  </p>
                  <div className={styles.taskActions}>
                    {task.reason && RETRYABLE.includes(task.reason) ? (
                      <Button
                        size="small"
                        variant="secondary"
                        onClick={() => update(task.key, { state: 'pending', status: 1, reason: null, progress: 0 })}
                      >
                        {t('queue.retry', { name: task.name })}
                      </Button>
                    ) : null}
                    <Button
                      size="small"
                      variant="ghost"
                      onClick={() => setTasks((all) => all.filter((other) => other.key !== task.key))}
                      aria-label={t('queue.dismissLabel', { name: task.name })}
                    >
                      {t('queue.dismiss')}
                    </Button>
                  </div>
                </>
              ) : (
                <>
                  <progress
                    className={styles.progress}
                    max={100}
                    value={task.state === 'pending' ? 0 : Math.round(task.progress * 100)}
                    aria-label={t('queue.progressLabel', { name: task.name })}
                  />
                  <span
                    className={
                      task.state === 'pending' && pause ? `${styles.taskState} ${styles.taskPaused}` : styles.taskState
                    }
                  >
                    {task.state === 'pending'
                      ? pause
                        ? t('queue.paused', { count: pause.seconds })
                        : t('queue.pending')
                      : task.state === 'processing'
                        ? t('queue.processing')
                        : t('queue.uploading', { percent: Math.round(task.progress * 100) })}
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
