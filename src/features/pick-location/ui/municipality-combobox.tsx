import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { fieldStyles, FieldMessage } from '@/shared/ui/field';
import { MIN_QUERY_LENGTH, municipalitiesQueryOptions } from '../api/municipalities';
import type { Municipality } from '../model/location';
import styles from './location-picker.module.css';
import { useDebounced } from '@/shared/lib/debounce';

/** Waits for a pause in the typing before asking the server. */
const DEBOUNCE_MS = 250;

export interface MunicipalityComboboxProps {
  value: Municipality | null;
  onChange: (municipality: Municipality | null) => void;
  error?: string;
}

const labelOf = (m: Municipality) => (m.province ? `${m.name} (${m.province})` : m.name);

/**
 * The municipality, chosen from what the server knows (ARIA 1.2 combobox with a list
 * popup): type two letters, move with the arrows, Enter or a tap picks, Escape closes the
 * list (or, closed, clears the text). Typing after a choice undoes it: the answer is always
 * a town of the list, never free text.
 */
export function MunicipalityCombobox({ value, onChange, error }: MunicipalityComboboxProps) {
  const { t } = useTranslation('pick-location');
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const [text, setText] = useState(value ? labelOf(value) : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [shownValue, setShownValue] = useState(value);
  // A value given from outside (a resumed answer, its name resolved later) shows in the box.
  if (value !== shownValue) {
    setShownValue(value);
    if (value) setText(labelOf(value));
  }

  const query = useDebounced(text.trim(), DEBOUNCE_MS);
  const searching = open && query.length >= MIN_QUERY_LENGTH && value === null;
  const result = useQuery({ ...municipalitiesQueryOptions(query), enabled: searching });
  const options = searching ? (result.data ?? []) : [];
  const listOpen = open && options.length > 0;
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const choose = (municipality: Municipality) => {
    setText(labelOf(municipality));
    setShownValue(municipality);
    setOpen(false);
    setActive(-1);
    onChange(municipality);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (options.length > 0) setActive((i) => (i + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (options.length > 0) setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
        break;
      case 'Enter': {
        const picked = listOpen ? options[active] : undefined;
        if (picked) {
          // Enter picks the town; it does not send the form.
          event.preventDefault();
          choose(picked);
        }
        break;
      }
      case 'Escape':
        if (listOpen) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          setText('');
          if (value) onChange(null);
        }
        break;
      default:
        break;
    }
  };

  let status = '';
  if (searching) {
    if (result.isError) status = t('municipality.failed');
    else if (result.isFetching && options.length === 0) status = t('municipality.searching');
    else if (result.isSuccess && options.length === 0) status = t('municipality.none', { text: query });
    else if (options.length > 0) status = t('municipality.found', { count: options.length });
  } else if (open && value === null && text.trim().length > 0 && text.trim().length < MIN_QUERY_LENGTH) {
    status = t('municipality.typeMore');
  }

  const describedBy = [helpId, error ? errorId : null].filter(Boolean).join(' ');
  const activeOption = listOpen && active >= 0 ? `${id}-option-${active}` : undefined;

  return (
    <div className={cx(fieldStyles.field, styles.combobox)}>
      <label htmlFor={inputId} className={fieldStyles.label}>
        {t('municipality.label')}
      </label>
      <div className={styles.comboboxControl}>
        <input
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={listOpen}
          aria-controls={listId}
          aria-activedescendant={activeOption}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          autoCapitalize="words"
          spellCheck={false}
          className={fieldStyles.control}
          value={text}
          placeholder={t('municipality.placeholder')}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
            if (value) onChange(null);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            // Leaving the box with a town's exact name typed picks that town.
            const typed = text.trim().toLocaleLowerCase('it');
            const exact =
              value === null ? options.filter((option) => option.name.toLocaleLowerCase('it') === typed) : [];
            if (exact.length === 1) {
              choose(exact[0]!);
              return;
            }
            // A tap on an option blurs the input first: close after it has been picked.
            blurTimer.current = setTimeout(() => setOpen(false), 150);
          }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('municipality.listLabel')}
          className={styles.listbox}
          hidden={!listOpen}
        >
          {options.map((option, index) => (
            <li
              key={option.istat}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className={cx(styles.option, index === active && styles.optionActive)}
              // mousedown, not click: the input keeps its focus.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
            >
              <span className={styles.optionName}>{option.name}</span>
              {option.province ? <span className={styles.optionDetail}>{option.province}</span> : null}
            </li>
          ))}
        </ul>
      </div>
      <FieldMessage id={helpId} tone="help">
        {t('municipality.help')}
      </FieldMessage>
      <p className={styles.srOnly} role="status" aria-live="polite">
        {status}
      </p>
      {status && !listOpen && searching ? (
        <p className={styles.comboboxStatus} aria-hidden="true">
          {status}
        </p>
      ) : null}
      {error ? (
        <FieldMessage id={errorId} tone="error">
          {error}
        </FieldMessage>
      ) : null}
    </div>
  );
}
