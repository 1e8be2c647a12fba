import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { isMessageText, MESSAGE_TEXT_MAX, normalizeMessageText } from '@domain/message-text';
import {
  sendMessage,
  SendMessageError,
  threadKey,
  THREADS_KEY,
  withSentMessage,
  type SendFailure,
  type ThreadMessages,
} from '@/entities/message';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { Button } from '@/shared/ui/button';
import styles from './messages-page.module.css';

/** Past this many characters the counter turns to a warning. */
const NEAR_LIMIT = MESSAGE_TEXT_MAX - 200;

/** Where Enter sends: a keyboard with a fine pointer (a desktop); on a phone Enter is a new line. */
function enterSends(): boolean {
  return typeof window.matchMedia !== 'function' || window.matchMedia('(pointer: fine)').matches;
}

/** The translation key and options of a failure's Italian message. */
function failureMessage(failure: SendFailure): [string, Record<string, unknown>?] {
  if (failure.kind !== 'rateLimited') return [`composer.errors.${failure.kind}`];
  const seconds = failure.retryAfterSeconds;
  if (seconds === null) return ['composer.errors.rateLimited'];
  if (seconds < 90) return ['composer.errors.rateLimitedSeconds', { count: seconds }];
  return ['composer.errors.rateLimitedMinutes', { count: Math.ceil(seconds / 60) }];
}

/**
 * The box to answer in a thread: a counter up to the server's limit, Enter to send on a
 * desktop (Shift+Enter for a new line), the text kept when sending fails, with why in Italian.
 */
export function Composer({ threadId, onSent }: { threadId: number; onSent?: () => void }) {
  const { t } = useTranslation('messages');
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<SendFailure | null>(null);
  const normalized = normalizeMessageText(text);
  const length = normalized.length;
  const tooLong = length > MESSAGE_TEXT_MAX;

  const send = useMutation({
    mutationFn: (value: string) => sendMessage({ ThreadId: threadId, Text: value }),
    onSuccess: (sent, value) => {
      queryClient.setQueryData<ThreadMessages>(threadKey(threadId), (thread) =>
        withSentMessage(thread, { Id: sent.Id, Text: value, Mine: true, SentAt: new Date().toISOString() }),
      );
      void queryClient.invalidateQueries({ queryKey: THREADS_KEY });
      setText('');
      setFailure(null);
      onSent?.();
    },
    onError: (error) => setFailure(error instanceof SendMessageError ? error.failure : { kind: 'other' }),
  });

  const submit = () => {
    if (send.isPending || length === 0 || tooLong) return;
    if (!isMessageText(normalized)) {
      setFailure({ kind: 'invalidText' });
      return;
    }
    setFailure(null);
    send.mutate(normalized);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || !enterSends()) return;
    event.preventDefault();
    submit();
  };

  const [errorKey, errorOptions] = failure ? failureMessage(failure) : [];
  return (
    <form className={styles.composer} onSubmit={onSubmit} data-testid="message-composer">
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {t('composer.label')}
      </label>
      <textarea
        id={`${id}-text`}
        className={styles.composerText}
        value={text}
        rows={3}
        placeholder={t('composer.placeholder')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-count ${id}-keys${failure ? ` ${id}-error` : ''}`}
        aria-invalid={tooLong || undefined}
      />
      <div className={styles.composerBar}>
        <p
          id={`${id}-count`}
          className={cx(styles.counter, length > NEAR_LIMIT && styles.counterNear, tooLong && styles.counterOver)}
          data-testid="composer-count"
        >
          <span aria-hidden="true">
            {length}/{MESSAGE_TEXT_MAX}
          </span>
          <span className="visually-hidden">{t('composer.count', { count: length, max: MESSAGE_TEXT_MAX })}</span>
        </p>
        <p id={`${id}-keys`} className={styles.keys}>
          {t('composer.keys')}
        </p>
        <Button
          type="submit"
          size="small"
          loading={send.isPending}
          disabled={length === 0 || tooLong}
          data-testid="composer-send"
        >
          {send.isPending ? t('composer.sending') : t('composer.send')}
        </Button>
      </div>
      {tooLong ? (
        <p className={styles.composerError} role="alert">
          {t('composer.tooLong', { count: MESSAGE_TEXT_MAX })}
        </p>
      ) : null}
      {errorKey ? (
        <p id={`${id}-error`} className={styles.composerError} role="alert" data-testid="composer-error">
          {t(errorKey, errorOptions)}
        </p>
      ) : null}
    </form>
  );
}
