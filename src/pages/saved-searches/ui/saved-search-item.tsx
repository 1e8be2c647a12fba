import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ALERT_FREQUENCIES, parseSearchParams, searchPath, type AlertFrequency } from '@domain/search';
import { SEARCH_NAME_MAX, validateSearchName } from '@/features/save-search';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClassName } from '@/shared/ui/button';
import { Select } from '@/shared/ui/select';
import { TextField } from '@/shared/ui/text-field';
import {
  SAVED_SEARCHES_KEY,
  updateSavedSearch,
  type SavedSearch,
  type SavedSearchChanges,
} from '../api/saved-searches-api';
import { errorKey, formatDate } from '../model/error-key';
import styles from './saved-searches-page.module.css';
import { HrefLink } from '@/shared/ui/href-link';

export interface SavedSearchItemProps {
  search: SavedSearch;
  onDelete: () => void;
}

/** One saved search: what it looks for, its alerts (switch and frequency), its results, rename and delete. */
export function SavedSearchItem({ search, onDelete }: SavedSearchItemProps) {
  const { t } = useTranslation('saved-searches');
  const queryClient = useQueryClient();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  const replace = (next: SavedSearch) =>
    queryClient.setQueryData<SavedSearch[]>(SAVED_SEARCHES_KEY, (list) =>
      list?.map((item) => (item.Id === next.Id ? next : item)),
    );
  const alerts = useMutation({
    mutationFn: (enabled: boolean) => updateSavedSearch(search.Id, { AlertsEnabled: enabled }),
    onSuccess: replace,
  });
  // The switch answers at once; it goes back if the call fails.
  const alertsOn = alerts.isPending ? alerts.variables : search.AlertsEnabled;

  const resultsHref = searchPath(parseSearchParams(search.Criteria).params);
  const dates = [
    t('item.savedOn', { date: formatDate(search.CreatedAt) }),
    search.LastNotifiedAt ? t('item.lastNotified', { date: formatDate(search.LastNotifiedAt) }) : null,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <article className={styles.item} aria-labelledby={headingId} data-testid="saved-search" data-search-id={search.Id}>
      <div className={styles.itemHead}>
        <div className={styles.itemText}>
          <h2 id={headingId} className={styles.itemName}>
            {search.Name}
          </h2>
          <p className={styles.summary}>{search.Summary}</p>
          <p className={styles.meta}>
            <span className={cx(styles.alerts, !alertsOn && styles.alertsOff)}>
              {alertsOn ? t('item.alerts', { frequency: t(`frequency.${search.Frequency}`) }) : t('item.alertsOff')}
            </span>
            <span className={styles.dates}>{dates}</span>
          </p>
        </div>
        <label className={styles.switch}>
          <input
            type="checkbox"
            role="switch"
            checked={alertsOn}
            onChange={(event) => alerts.mutate(event.target.checked)}
            disabled={alerts.isPending}
            className={styles.switchInput}
            data-testid="alerts-switch"
          />
          <span className={styles.switchTrack} aria-hidden="true" />
          <span className={styles.switchLabel}>{t('item.alertsSwitch')}</span>
        </label>
      </div>
      {alerts.isError ? (
        <Alert tone="error" live>
          {t('item.switchFailed')}
        </Alert>
      ) : null}
      {editing ? (
        <EditForm
          search={search}
          onCancel={() => setEditing(false)}
          onSaved={(next) => {
            replace(next);
            setEditing(false);
            setSaved(true);
          }}
        />
      ) : (
        <div className={styles.actions}>
          <HrefLink
            href={resultsHref}
            className={buttonClassName({ size: 'small' })}
            aria-label={t('item.resultsLabel', { name: search.Name })}
          >
            {t('item.results')}
          </HrefLink>
          <Button
            variant="secondary"
            size="small"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
            aria-label={t('item.editLabel', { name: search.Name })}
          >
            {t('item.edit')}
          </Button>
          <Button
            variant="ghost"
            size="small"
            onClick={onDelete}
            aria-label={t('item.deleteLabel', { name: search.Name })}
            data-testid="delete-search"
          >
            {t('item.delete')}
          </Button>
          <span role="status" className={styles.saved}>
            {saved ? t('edit.saved') : ''}
          </span>
        </div>
      )}
    </article>
  );
}

function EditForm({
  search,
  onCancel,
  onSaved,
}: {
  search: SavedSearch;
  onCancel: () => void;
  onSaved: (next: SavedSearch) => void;
}) {
  const { t } = useTranslation('saved-searches');
  const [name, setName] = useState(search.Name);
  const [frequency, setFrequency] = useState<AlertFrequency>(search.Frequency);
  const [nameError, setNameError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (changes: SavedSearchChanges) => updateSavedSearch(search.Id, changes),
    onSuccess: onSaved,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateSearchName(name);
    setNameError(problem ? t(`validation.${problem}`, { max: SEARCH_NAME_MAX }) : undefined);
    if (problem) return;
    save.mutate({ Name: name.trim(), Frequency: frequency });
  };

  return (
    <form
      className={styles.editForm}
      onSubmit={submit}
      noValidate
      aria-label={t('edit.legend')}
      data-testid="edit-search-form"
    >
      <div className={styles.editFields}>
        <TextField
          label={t('edit.name')}
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={nameError}
          required
          autoComplete="off"
        />
        <Select
          label={t('edit.frequency')}
          name="frequency"
          value={frequency}
          onChange={(event) => setFrequency(event.target.value as AlertFrequency)}
          options={ALERT_FREQUENCIES.map((value) => ({ value, label: t(`frequencyOption.${value}`) }))}
        />
      </div>
      {save.isError ? (
        <Alert tone="error" live>
          {t(errorKey(save.error))}
        </Alert>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" size="small" loading={save.isPending}>
          {save.isPending ? t('edit.saving') : t('edit.save')}
        </Button>
        <Button variant="ghost" size="small" onClick={onCancel}>
          {t('edit.cancel')}
        </Button>
      </div>
    </form>
  );
}
