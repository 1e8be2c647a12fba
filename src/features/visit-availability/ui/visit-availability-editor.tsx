import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { ApiError } from '@/shared/api';
import { useTranslation, type TFunction } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { availabilityQueryOptions, offeredSlotsQueryOptions, saveAvailability } from '../api/visit-availability-api';
import {
  END_TIMES,
  MAX_WINDOWS,
  minutesOf,
  nextWindowFor,
  sameWindows,
  sortWindows,
  START_TIMES,
  WEEKDAYS,
  windowsProblem,
  type EditedWindow,
  type WindowsProblem,
} from '../model/windows';
import styles from './visit-availability-editor.module.css';

export interface VisitAvailabilityEditorProps {
  propertyId: number;
  /** Buyers see the times of a published listing only (the preview says so otherwise). */
  published: boolean;
}

/** A window being edited, with a key that survives reordering. */
type Row = EditedWindow & { key: number };

/**
 * The owner's weekly visit windows of one listing: per weekday, time ranges on the half hour
 * ("dalle 09:00 alle 12:30"), at most MAX_WINDOWS, none overlapping; saved together, with a
 * sentence of what buyers will be offered.
 */
export function VisitAvailabilityEditor({ propertyId, published }: VisitAvailabilityEditorProps) {
  const { t } = useTranslation('visit-availability');
  const headingId = useId();
  const query = useQuery(availabilityQueryOptions(propertyId));

  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="visit-availability">
      <h2 id={headingId} className={styles.title}>
        {t('title')}
      </h2>
      <p className={styles.intro}>{t('intro')}</p>
      {query.data ? (
        <Editor propertyId={propertyId} published={published} saved={query.data} />
      ) : query.isError ? (
        <Alert tone="error" title={t('loadError')}>
          <Button variant="secondary" size="small" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <p className={styles.muted} role="status">
          {t('loading')}
        </p>
      )}
    </section>
  );
}

let nextKey = 1;
const withKeys = (windows: readonly EditedWindow[]): Row[] =>
  sortWindows(windows).map((window) => ({ ...window, key: nextKey++ }));

function Editor({ propertyId, published, saved }: { propertyId: number; published: boolean; saved: EditedWindow[] }) {
  const { t } = useTranslation('visit-availability');
  const queryClient = useQueryClient();
  const problemRef = useRef<HTMLParagraphElement>(null);
  const [rows, setRows] = useState<Row[]>(() => withKeys(saved));
  const [justSaved, setJustSaved] = useState(false);
  const windows: EditedWindow[] = rows.map(({ Weekday, From, To }) => ({ Weekday, From, To }));
  const problem = windowsProblem(windows);
  const dirty = !sameWindows(windows, saved);
  const full = rows.length >= MAX_WINDOWS;

  const save = useMutation({
    mutationFn: () => saveAvailability(propertyId, windows),
    onSuccess: (answer) => {
      setJustSaved(true);
      setRows(withKeys(answer));
      queryClient.setQueryData(availabilityQueryOptions(propertyId).queryKey, answer);
      // What buyers are offered changes with the windows.
      void queryClient.invalidateQueries({ queryKey: offeredSlotsQueryOptions(propertyId).queryKey });
    },
  });

  const change = (next: Row[]) => {
    setRows(next);
    setJustSaved(false);
    save.reset();
  };
  const update = (key: number, patch: Partial<EditedWindow>) =>
    change(
      rows.map((row) => {
        if (row.key !== key) return row;
        const next = { ...row, ...patch };
        // A start moved past the end takes the end along: an hour later, at most midnight.
        if (patch.From && minutesOf(next.To) <= minutesOf(next.From))
          next.To = END_TIMES.find((end) => minutesOf(end) >= minutesOf(next.From) + 60) ?? '24:00';
        return next;
      }),
    );
  const add = (weekday: number) => change([...rows, { ...nextWindowFor(weekday, windows), key: nextKey++ }]);
  const remove = (key: number) => change(rows.filter((row) => row.key !== key));

  const submit = () => {
    if (problem) {
      problemRef.current?.focus();
      return;
    }
    save.mutate();
  };

  return (
    <div className={styles.editor}>
      <ul className={styles.days}>
        {WEEKDAYS.map((weekday) => {
          const day = t(`weekdays.${weekday}`);
          const dayRows = rows.filter((row) => row.Weekday === weekday);
          return (
            <li key={weekday} className={styles.day} data-testid={`weekday-${weekday}`}>
              <p className={styles.dayName}>{day}</p>
              <div className={styles.dayBody}>
                {dayRows.length === 0 ? <p className={styles.muted}>{t('noWindows')}</p> : null}
                {dayRows.map((row, index) => (
                  <div
                    key={row.key}
                    className={styles.window}
                    role="group"
                    aria-label={t('windowLabel', { day, position: index + 1 })}
                  >
                    <label className={styles.time}>
                      <span>{t('from')}</span>
                      <select
                        value={row.From}
                        onChange={(event) => update(row.key, { From: event.target.value })}
                        aria-label={t('fromLabel', { day, position: index + 1 })}
                      >
                        {START_TIMES.map((time) => (
                          <option key={time} value={time}>
                            {time}
                          </option>
                        ))}
                      </select>
                    </label>
                    <label className={styles.time}>
                      <span>{t('to')}</span>
                      <select
                        value={row.To}
                        onChange={(event) => update(row.key, { To: event.target.value })}
                        aria-label={t('toLabel', { day, position: index + 1 })}
                      >
                        {END_TIMES.map((time) => (
                          <option key={time} value={time}>
                            {time}
                          </option>
                        ))}
                      </select>
                    </label>
                    <Button
                      variant="ghost"
                      size="small"
                      onClick={() => remove(row.key)}
                      aria-label={t('removeLabel', { day, from: row.From, to: row.To })}
                    >
                      {t('remove')}
                    </Button>
                  </div>
                ))}
                <Button
                  variant="ghost"
                  size="small"
                  onClick={() => add(weekday)}
                  disabled={full}
                  className={styles.add}
                  aria-label={t('addLabel', { day })}
                >
                  {t('add')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <p className={styles.muted} aria-live="polite">
        {t('count', { count: rows.length, max: MAX_WINDOWS })}
        {full ? ` ${t('full', { max: MAX_WINDOWS })}` : ''}
      </p>
      {problem ? (
        <p ref={problemRef} tabIndex={-1} className={styles.problem} role="alert" data-testid="availability-problem">
          {problemText(problem, t)}
        </p>
      ) : null}
      {save.isError ? (
        <Alert tone="error">
          {t(
            save.error instanceof ApiError && save.error.body?.ExceptionTypeString === 'InvalidVisitWindows'
              ? 'errors.invalid'
              : 'errors.generic',
          )}
        </Alert>
      ) : null}
      {justSaved ? <Alert tone="success" title={t('saved')} /> : null}
      <div className={styles.footer}>
        <Preview propertyId={propertyId} published={published} windows={rows.length} stale={dirty} />
        <Button
          onClick={submit}
          loading={save.isPending}
          disabled={!dirty && !save.isError}
          data-testid="availability-save"
        >
          {save.isPending ? t('saving') : t('save')}
        </Button>
      </div>
      {dirty ? <p className={styles.muted}>{t('unsaved')}</p> : null}
    </div>
  );
}

function problemText(problem: WindowsProblem, t: TFunction): string {
  if (problem.kind === 'tooMany') return t('problems.tooMany', { max: MAX_WINDOWS });
  const day = t(`weekdays.${problem.weekday}`);
  if (problem.kind === 'order') return t('problems.order', { day, from: problem.from, to: problem.to });
  return t('problems.overlap', {
    day,
    first: `${problem.first.From}–${problem.first.To}`,
    second: `${problem.second.From}–${problem.second.To}`,
  });
}

/** What buyers see: the saved windows' free times in the next 14 days. */
function Preview({
  propertyId,
  published,
  windows,
  stale,
}: {
  propertyId: number;
  published: boolean;
  windows: number;
  stale: boolean;
}) {
  const { t } = useTranslation('visit-availability');
  const slots = useQuery({ ...offeredSlotsQueryOptions(propertyId), enabled: published });
  let text: string;
  if (!published) text = t('preview.unpublished');
  else if (!slots.data) text = slots.isError ? t('preview.error') : t('preview.loading');
  else if (slots.data.Slots.length === 0) text = t(windows === 0 && !stale ? 'preview.noWindows' : 'preview.none');
  else text = t('preview.slots', { count: slots.data.Slots.length });
  return (
    <p className={styles.preview} data-testid="availability-preview" aria-live="polite">
      {text}
    </p>
  );
}
