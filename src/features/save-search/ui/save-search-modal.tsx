import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ALERT_FREQUENCIES, type AlertFrequency, type SearchParams } from '@domain/search';
import { ApiError } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClassName } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { Stack } from '@/shared/ui/stack';
import { Text } from '@/shared/ui/text';
import { TextField } from '@/shared/ui/text-field';
import { createSavedSearch, SAVED_SEARCHES_KEY, searchAreaName, type CreatedSavedSearch } from '../api/save-search-api';
import { SEARCH_NAME_MAX, suggestSearchName, validateSearchName } from '../model/search-name';
import styles from './save-search-modal.module.css';

export interface SaveSearchModalProps {
  params: SearchParams;
  areaName?: string | null;
  onClose: () => void;
}

const KNOWN_ERRORS = [
  'SavedSearchLimitReached',
  'InvalidSearch',
  'InvalidPolygon',
  'UnknownPlace',
  'ValidationError',
  'Unauthorized',
] as const;

/** The Italian message of a failed save. */
export function saveErrorKey(error: unknown): string {
  const type = error instanceof ApiError ? error.body?.ExceptionTypeString : undefined;
  return type && (KNOWN_ERRORS as readonly string[]).includes(type) ? `errors.${type}` : 'errors.generic';
}

/** Name and alert frequency of the search to save; then a confirmation with the way to the list. */
export function SaveSearchModal({ params, areaName, onClose }: SaveSearchModalProps) {
  const { t } = useTranslation('saved-searches');
  const queryClient = useQueryClient();
  const formId = useId();
  // The page may not know the place's name: the search call answers it.
  const area = useQuery({
    queryKey: ['search', 'area-name', params],
    queryFn: ({ signal }) => searchAreaName(params, signal),
    enabled: areaName === undefined,
    staleTime: Infinity,
  });
  const suggested = suggestSearchName(params, areaName ?? area.data, t);
  const [typedName, setTypedName] = useState<string | null>(null);
  const name = typedName ?? suggested;
  const [frequency, setFrequency] = useState<AlertFrequency>('daily');
  const [nameError, setNameError] = useState<string | undefined>();
  const nameRef = useRef<HTMLInputElement>(null);

  const save = useMutation({
    mutationFn: () => createSavedSearch({ name, frequency, params }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateSearchName(name);
    setNameError(problem ? t(`validation.${problem}`, { max: SEARCH_NAME_MAX }) : undefined);
    if (problem) nameRef.current?.focus();
    if (problem || save.isPending) return;
    save.mutate();
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('save.title')}
      closeLabel={t('save.close')}
      size="small"
      footer={
        save.isSuccess ? null : (
          <div className={styles.actions}>
            <Button variant="ghost" onClick={onClose}>
              {t('save.cancel')}
            </Button>
            <Button type="submit" form={formId} loading={save.isPending}>
              {save.isPending ? t('save.submitting') : t('save.submit')}
            </Button>
          </div>
        )
      }
    >
      {save.isSuccess ? (
        <Saved saved={save.data} onClose={onClose} />
      ) : (
        <form id={formId} onSubmit={submit} noValidate data-testid="save-search-form">
          <Stack gap={4}>
            <Text tone="muted">{t('save.intro')}</Text>
            <TextField
              ref={nameRef}
              label={t('save.name')}
              name="name"
              value={name}
              onChange={(event) => setTypedName(event.target.value)}
              error={nameError}
              required
              autoComplete="off"
              maxLength={SEARCH_NAME_MAX + 50}
            />
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>{t('save.frequency')}</legend>
              {ALERT_FREQUENCIES.map((value) => (
                <label key={value} className={styles.option}>
                  <input
                    type="radio"
                    name="frequency"
                    value={value}
                    checked={frequency === value}
                    onChange={() => setFrequency(value)}
                    className={styles.radio}
                  />
                  <span>
                    <span className={styles.optionLabel}>{t(`frequencyOption.${value}`)}</span>
                    <span className={styles.optionHelp}>{t(`frequencyHelp.${value}`)}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            {save.isError ? (
              <Alert tone="error" live>
                {t(saveErrorKey(save.error))}
              </Alert>
            ) : null}
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function Saved({ saved, onClose }: { saved: CreatedSavedSearch; onClose: () => void }) {
  const { t } = useTranslation('saved-searches');
  return (
    <Stack gap={4} data-testid="save-search-done">
      <Alert tone="success" live>
        {t('save.success', { name: saved.Name })}
      </Alert>
      <div className={styles.actions}>
        <Link to="/myrexer/ricerche" className={buttonClassName({ variant: 'secondary' })} onClick={onClose}>
          {t('save.manage')}
        </Link>
        <Button onClick={onClose}>{t('save.done')}</Button>
      </div>
    </Stack>
  );
}
