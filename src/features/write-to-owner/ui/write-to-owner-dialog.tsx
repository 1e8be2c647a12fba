import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSessionView } from '@/entities/session';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { TextArea } from '@/shared/ui/text-area';
import { writeToOwner } from '../api/write-to-owner-api';
import { MESSAGE_TEXT_MAX, sendProblemOf, textProblem } from '../model/message-problems';
import { clearOwnerMessageDraft, readOwnerMessageDraft, saveOwnerMessageDraft } from '../model/owner-message-draft';
import styles from './write-to-owner-dialog.module.css';

export interface WriteToOwnerDialogProps {
  propertyId: number;
  onClose: () => void;
  /** A visitor who is not logged in pressed "Invia": the text is kept, log them in. */
  onLoginNeeded: () => void;
}

/** "Scrivi al proprietario": one message about the listing; then its conversation in Messages. */
export default function WriteToOwnerDialog({ propertyId, onClose, onLoginNeeded }: WriteToOwnerDialogProps) {
  const { t } = useTranslation('write-to-owner');
  const session = useSessionView();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formId = useId();
  const [initial] = useState(() => readOwnerMessageDraft(propertyId));
  const [text, setText] = useState(initial?.text ?? '');
  // Just logged in for it: the message goes at once.
  const sendOnOpen = initial?.sendNow === true;
  const [showErrors, setShowErrors] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    saveOwnerMessageDraft(propertyId, { text, sendAfterLogin: false, sendNow: false });
  }, [propertyId, text]);

  const send = useMutation({
    mutationFn: () => writeToOwner(propertyId, text.trim()),
    onSuccess: async ({ ThreadId }) => {
      clearOwnerMessageDraft(propertyId);
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
      saveOwnerMessageDraft(propertyId, { text, sendAfterLogin: true, sendNow: false });
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
      title={t('title')}
      closeLabel={t('close')}
      size="small"
      footer={
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} loading={send.isPending} data-testid="write-to-owner-submit">
            {send.isPending ? t('sending') : t('submit')}
          </Button>
        </div>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className={styles.form}>
        <p className={styles.text}>{t('intro')}</p>
        <TextArea
          ref={fieldRef}
          label={t('field')}
          name="text"
          rows={6}
          value={text}
          placeholder={t('placeholder')}
          onChange={(event) => setText(event.target.value)}
          help={t('count', { count: length, max: MESSAGE_TEXT_MAX })}
          error={showErrors && problem ? t(`problems.${problem}`, { max: MESSAGE_TEXT_MAX }) : undefined}
        />
        {!session.isLoggedIn ? <p className={styles.note}>{t('loginNote')}</p> : null}
        {send.isError ? <Alert tone="error">{t(`errors.${sendProblemOf(send.error)}`)}</Alert> : null}
      </form>
    </Modal>
  );
}
