import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSessionView } from '@/entities/session';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { TextArea } from '@/shared/ui/text-area';
import { writeTo } from '../api/write-to-owner-api';
import { MESSAGE_TEXT_MAX, sendProblemOf, textProblem } from '../model/message-problems';
import { clearOwnerMessageDraft, readOwnerMessageDraft, saveOwnerMessageDraft } from '../model/owner-message-draft';
import { draftKeyOf, type MessageRecipient } from '../model/recipient';
import styles from './write-to-owner-dialog.module.css';

export interface WriteToOwnerDialogProps {
  recipient: MessageRecipient;
  onClose: () => void;
  /** A visitor who is not logged in pressed "Invia": the text is kept, log them in. */
  onLoginNeeded: () => void;
}

/**
 * "Scrivi al proprietario" (one message about the listing) or "Contatta l'agenzia" (one message
 * to the agency); then its conversation in Messages.
 */
export default function WriteToOwnerDialog({ recipient, onClose, onLoginNeeded }: WriteToOwnerDialogProps) {
  const { t } = useTranslation('write-to-owner');
  const agency = recipient.kind === 'agency' ? recipient : null;
  // The agency's own texts where they differ from the owner's.
  const copy = (key: 'title' | 'intro' | 'placeholder' | 'loginNote') =>
    agency ? t(`agency.${key}`, { name: agency.name }) : t(key);
  const draftKey = draftKeyOf(recipient);
  const session = useSessionView();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formId = useId();
  const [initial] = useState(() => readOwnerMessageDraft(draftKey));
  const [text, setText] = useState(initial?.text ?? '');
  // Just logged in for it: the message goes at once.
  const sendOnOpen = initial?.sendNow === true;
  const [showErrors, setShowErrors] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    saveOwnerMessageDraft(draftKey, { text, sendAfterLogin: false, sendNow: false });
  }, [draftKey, text]);

  const send = useMutation({
    mutationFn: () => writeTo(recipient, text.trim()),
    onSuccess: async ({ ThreadId }) => {
      clearOwnerMessageDraft(draftKey);
      void queryClient.invalidateQueries({ queryKey: ['messages'] });
      onClose();
      await navigate({ href: `/myrexer/messaggi?thread=${ThreadId}` });
    },
  });

  const problem = textProblem(text);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setShowErrors(true);
    if (problem) {
      fieldRef.current?.focus();
      return;
    }
    if (send.isPending) return;
    if (!session.isLoggedIn) {
      saveOwnerMessageDraft(draftKey, { text, sendAfterLogin: true, sendNow: false });
      onLoginNeeded();
      return;
    }
    send.mutate();
  };

  const autoSent = useRef(false);
  useEffect(() => {
    if (!sendOnOpen || autoSent.current || !session.isLoggedIn) return;
    autoSent.current = true;
    if (!problem) send.mutate();
  }, [sendOnOpen, session.isLoggedIn, problem, send]);

  const length = text.trim().length;
  return (
    <Modal
      open
      onClose={onClose}
      title={copy('title')}
      closeLabel={t('close')}
      size="small"
      footer={
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            loading={send.isPending}
            data-testid={agency ? 'write-to-agency-submit' : 'write-to-owner-submit'}
          >
            {send.isPending ? t('sending') : t('submit')}
          </Button>
        </div>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className={styles.form}>
        <p className={styles.text}>{copy('intro')}</p>
        <TextArea
          ref={fieldRef}
          label={t('field')}
          name="text"
          rows={6}
          value={text}
          placeholder={copy('placeholder')}
          onChange={(event) => setText(event.target.value)}
          help={t('count', { count: length, max: MESSAGE_TEXT_MAX })}
          error={showErrors && problem ? t(`problems.${problem}`, { max: MESSAGE_TEXT_MAX }) : undefined}
        />
        {!session.isLoggedIn ? <p className={styles.note}>{copy('loginNote')}</p> : null}
        {send.isError ? <Alert tone="error">{t(`errors.${sendProblemOf(send.error)}`)}</Alert> : null}
      </form>
    </Modal>
  );
}
