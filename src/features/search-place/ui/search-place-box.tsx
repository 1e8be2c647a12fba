import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent, type KeyboardEvent } from 'react';
import { DEFAULT_TYPE_SLUG } from '@domain/public-pages';
import type { TypeSlug } from '@/shared/config';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { Icon } from '@/shared/ui/icon';
import { MIN_TEXT_LENGTH, placesQueryOptions } from '../api/places';
import { placeHref } from '../model/place-href';
import {
  clearRecentPlaces,
  readRecentPlaces,
  rememberPlace,
  serverRecentPlaces,
  subscribeRecentPlaces,
} from '../model/recent-places';
import { bestMatch, flatOptions, groupPlaces, type SuggestedPlace, type SuggestionGroup } from '../model/suggestions';
import styles from './search-place-box.module.css';
import { useDebounced } from '@/shared/lib/debounce';

/** Waits for a pause in the typing before asking the server. */
export const DEBOUNCE_MS = 200;
/** Below this width the box opens as a full-screen picker (a dialog). */
const PHONE = '(max-width: 639.98px)';

export interface SearchPlaceBoxProps {
  /** The search it runs: sale (1) for buyers and sellers, rent (2) for renters and landlords. */
  sellType: 1 | 2;
  /** The property type of the page's search ("case" unless the page names another). */
  typeSlug?: TypeSlug;
  /** Over a page that already says where it searches (the results): the label is for screen readers only. */
  compact?: boolean;
  className?: string;
}

function isPhone(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(PHONE).matches;
}

/** The words of the list and its announcements: loaded when the box is first opened. */
const LIST_NAMESPACE = 'search-place-list';

const FOCUSABLE = 'input:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * "Dove vuoi cercare?": a combobox over towns, districts, streets, provinces and regions (the
 * WAI-ARIA combobox with a grouped listbox popup). Arrows move through the places, Enter opens
 * the chosen one's results (on free text: the best match), Escape closes the list, then clears
 * the text. Focused and empty, it offers the recent searches of this device. On a phone it
 * opens as a full-screen dialog, the box at the top and a close button beside it. Without
 * scripts it is a plain form that searches the listings' text on /ricerca.
 */
export function SearchPlaceBox({
  sellType,
  typeSlug = DEFAULT_TYPE_SLUG,
  compact = false,
  className,
}: SearchPlaceBoxProps) {
  // The first screen's words travel with the page; the list's load when the box is first opened.
  const { t: tBox, i18n } = useTranslation('search-place');
  const [engaged, setEngaged] = useState(false);
  const [, listWordsLoaded] = useState(0);
  useEffect(() => {
    if (!engaged || i18n.hasLoadedNamespace(LIST_NAMESPACE)) return;
    let mounted = true;
    void i18n.loadNamespaces(LIST_NAMESPACE).then(() => mounted && listWordsLoaded((n) => n + 1));
    return () => {
      mounted = false;
    };
  }, [engaged, i18n]);
  const tList = i18n.getFixedT(null, LIST_NAMESPACE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useId();
  const inputId = `${id}-input`;
  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const recentHeadingId = `${id}-recent`;
  const inputRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [fullscreen, setFullscreen] = useState(false);
  // Enter on free text before the answer came: the text it waits for, then what it found (nothing).
  const [pending, setPending] = useState<string | null>(null);
  const [notFound, setNotFound] = useState<string | null>(null);

  const recent = useSyncExternalStore(subscribeRecentPlaces, readRecentPlaces, serverRecentPlaces);
  const typed = text.trim();
  const debounced = useDebounced(typed, DEBOUNCE_MS);
  const searching = open && typed.length >= MIN_TEXT_LENGTH && debounced.length >= MIN_TEXT_LENGTH;
  const places = useQuery({ ...placesQueryOptions(debounced), enabled: searching, placeholderData: keepPreviousData });

  const showRecent = open && typed.length === 0 && recent.length > 0;
  let groups: SuggestionGroup[] = [];
  if (showRecent) groups = [{ id: 'recent', options: [...recent] }];
  else if (searching && places.data) groups = groupPlaces(places.data);
  const options = flatOptions(groups);
  const listOpen = open && options.length > 0;
  const answered = searching && places.isSuccess && !places.isPlaceholderData && debounced === typed;
  const nothingFound = (answered && options.length === 0) || (notFound !== null && notFound === typed);
  const failed = searching && places.isError;

  // Lock the page under the full-screen picker.
  useEffect(() => {
    if (!fullscreen) return;
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = before;
    };
  }, [fullscreen]);

  // The place the arrows are on stays in sight when the list scrolls (the phone's picker).
  const activeOptionId = listOpen && active >= 0 ? `${id}-option-${active}` : undefined;
  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeOptionId]);

  const openPopup = () => {
    setEngaged(true);
    setOpen(true);
    if (!fullscreen && isPhone()) setFullscreen(true);
  };

  // Text typed before the box hydrated (it may hydrate on first use: lazy-search-place-box.tsx) is in
  // the input but not in the state: the box takes it over, and opens if the input has the focus.
  useEffect(() => {
    const input = inputRef.current;
    if (!input || input.value === '') return;
    setText(input.value);
    if (document.activeElement === input) {
      setEngaged(true);
      setOpen(true);
    }
  }, []);

  const close = () => {
    setOpen(false);
    setActive(-1);
    setFullscreen(false);
  };

  const choose = (place: SuggestedPlace) => {
    rememberPlace(place);
    setText('');
    setPending(null);
    setNotFound(null);
    close();
    inputRef.current?.blur();
    void navigate({ href: placeHref(place, { sellType, type: typeSlug }) });
  };

  /** Enter or «Cerca» on what was typed: the best match of the answer, asked for now when it has not come yet. */
  const runBestMatch = async () => {
    if (typed.length < MIN_TEXT_LENGTH) {
      openPopup();
      return;
    }
    setPending(typed);
    try {
      const found = await queryClient.fetchQuery(placesQueryOptions(typed));
      const best = bestMatch(typed, found);
      if (best) choose(best);
      else {
        setNotFound(typed);
        openPopup();
      }
    } catch {
      openPopup();
    } finally {
      setPending(null);
    }
  };

  /** Enter or «Cerca»: the place the arrows are on, else the best match of the text. */
  const go = () => {
    const picked = listOpen && active >= 0 ? options[active] : undefined;
    if (picked) choose(picked);
    else void runBestMatch();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openPopup();
        else if (options.length > 0) setActive((i) => (i + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openPopup();
        else if (options.length > 0) setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
        break;
      case 'Enter':
        event.preventDefault();
        go();
        break;
      case 'Escape':
        if (fullscreen) {
          event.preventDefault();
          close();
        } else if (open && (listOpen || nothingFound)) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          setText('');
          setNotFound(null);
        }
        break;
      default:
        break;
    }
  };

  // Tab stays inside the full-screen picker, as in any modal dialog.
  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!fullscreen || event.key !== 'Tab' || !panelRef.current) return;
    const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  let status = '';
  if (failed) status = tList('failed');
  else if (nothingFound) status = tList('none', { text: notFound ?? typed });
  else if (pending !== null || (searching && places.isFetching && options.length === 0)) status = tList('searching');
  else if (showRecent) status = tList('recentShown', { count: options.length });
  else if (listOpen) status = tList('found', { count: options.length });
  const shownMessage = open && (failed || nothingFound) ? status : '';
  const popupShown = listOpen || shownMessage !== '';

  // Each group's first option's place in the flat list the arrows walk.
  const starts = groups.map((_, g) => groups.slice(0, g).reduce((sum, group) => sum + group.options.length, 0));

  return (
    <form
      role="search"
      aria-labelledby={labelId}
      action="/ricerca"
      method="get"
      className={cx(styles.box, className)}
      onSubmit={submit}
      data-testid="search-place"
    >
      <div
        ref={panelRef}
        className={cx(styles.panel, fullscreen && styles.fullscreen)}
        role={fullscreen ? 'dialog' : undefined}
        aria-modal={fullscreen || undefined}
        aria-labelledby={fullscreen ? labelId : undefined}
        onKeyDown={onPanelKeyDown}
        onBlur={(event) => {
          // Leaving the box (not for its own list or buttons) closes the list; the dialog keeps the focus inside.
          if (!fullscreen && !event.currentTarget.contains(event.relatedTarget as Node | null)) {
            setOpen(false);
            setActive(-1);
          }
        }}
      >
        <label id={labelId} htmlFor={inputId} className={compact && !fullscreen ? styles.srOnly : styles.label}>
          {tBox('label')}
        </label>
        <div className={styles.row}>
          <div className={styles.control}>
            <Icon name="search" size={20} className={styles.icon} />
            <input
              ref={inputRef}
              id={inputId}
              name="Text"
              type="text"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={listOpen}
              aria-controls={listId}
              aria-activedescendant={activeOptionId}
              autoComplete="off"
              autoCapitalize="words"
              spellCheck={false}
              enterKeyHint="search"
              maxLength={120}
              className={styles.input}
              placeholder={tBox('placeholder')}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setActive(-1);
                setNotFound(null);
                openPopup();
              }}
              onFocus={openPopup}
              onClick={openPopup}
              onKeyDown={onKeyDown}
            />
          </div>
          <button type="submit" className={styles.submit} aria-busy={pending !== null || undefined}>
            {tBox('submit')}
          </button>
          {fullscreen ? (
            <button type="button" className={styles.close} onClick={close} aria-label={tBox('close')}>
              <Icon name="close" size={22} />
            </button>
          ) : null}
        </div>
        {sellType === 2 ? <input type="hidden" name="SellType" value="2" /> : null}
        <input type="hidden" name="Type" value={typeSlug} />

        <div className={styles.popup} hidden={!popupShown && !fullscreen}>
          {showRecent ? (
            <div className={styles.recentHeader}>
              <span id={recentHeadingId} className={styles.groupHeading}>
                {tList('groups.recent')}
              </span>
              <button
                type="button"
                className={styles.clear}
                aria-label={tList('clearRecentLabel')}
                onClick={() => {
                  clearRecentPlaces();
                  setActive(-1);
                  inputRef.current?.focus();
                }}
              >
                {tList('clearRecent')}
              </button>
            </div>
          ) : null}
          <div id={listId} role="listbox" aria-label={tBox('listLabel')} className={styles.listbox} hidden={!listOpen}>
            {groups.map((group, g) => (
              <ul
                key={group.id}
                role="group"
                aria-labelledby={group.id === 'recent' ? recentHeadingId : `${id}-group-${group.id}`}
                className={styles.group}
              >
                {group.id === 'recent' ? null : (
                  <li role="presentation" id={`${id}-group-${group.id}`} className={styles.groupHeading}>
                    {tList(`groups.${group.id}`)}
                  </li>
                )}
                {group.options.map((option, i) => {
                  const optionIndex = starts[g]! + i;
                  return (
                    <li
                      key={`${option.Kind}:${option.Id}`}
                      id={`${id}-option-${optionIndex}`}
                      role="option"
                      aria-selected={optionIndex === active}
                      className={cx(styles.option, optionIndex === active && styles.optionActive)}
                      // mousedown, not click, would blur the input first: keep the focus, pick on click.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(option)}
                    >
                      <span className={styles.optionName}>{option.Name}</span>
                      {option.IsMainTown ? <span className={styles.mainTown}>{tList('mainTown')}</span> : null}
                      {option.Detail ? <span className={styles.optionDetail}>{option.Detail}</span> : null}
                    </li>
                  );
                })}
              </ul>
            ))}
          </div>
          {shownMessage ? (
            <p className={styles.message} aria-hidden="true">
              {shownMessage}
            </p>
          ) : null}
        </div>
        <p className={styles.srOnly} role="status" aria-live="polite">
          {open ? status : ''}
        </p>
      </div>
    </form>
  );
}
