import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Checkbox } from '@/shared/ui/checkbox';
import { Select } from '@/shared/ui/select';
import { TextArea } from '@/shared/ui/text-area';
import { TextField } from '@/shared/ui/text-field';
import { sendContactMessage } from '../api/send-contact-message';
import {
  CONTACT_SUBJECTS,
  EMPTY_CONTACT_VALUES,
  type ContactField,
  type ContactFormValues,
  type ContactSubject,
} from '../model/contact-values';
import {
  MESSAGE_MAX,
  NAME_MAX,
  hasErrors,
  toContactRequest,
  validateContact,
  type ContactErrors,
} from '../model/validate-contact';
import styles from './contact-form.module.css';

export interface ContactFormProps {
  /** Preselects the subject, e.g. on a page about one topic. */
  defaultSubject?: ContactSubject;
}

const FIELD_ORDER: ContactField[] = ['name', 'email', 'phone', 'subject', 'message', 'privacyConsent'];

export function ContactForm({ defaultSubject }: ContactFormProps) {
  const { t } = useTranslation('contact-form');
  const id = useId();
  const initial: ContactFormValues = { ...EMPTY_CONTACT_VALUES, subject: defaultSubject ?? '' };
  const [values, setValues] = useState<ContactFormValues>(initial);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [sentTo, setSentTo] = useState<{ name: string; email: string } | null>(null);
  const successHeading = useRef<HTMLHeadingElement>(null);
  const mutation = useMutation({ mutationFn: sendContactMessage });

  useEffect(() => {
    if (sentTo) successHeading.current?.focus();
  }, [sentTo]);

  const update = <K extends ContactField>(field: K, value: ContactFormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After the first attempt, errors follow the typing so a fixed field clears at once.
    if (attempted) setErrors(validateContact(next));
  };

  const register = (field: ContactField) => ({
    id: `${id}-${field}`,
    name: field,
    error: errors[field] ? t(`errors.${errors[field]}`) : undefined,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setAttempted(true);
    const found = validateContact(values);
    setErrors(found);
    if (hasErrors(found)) {
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const outcome = await mutation.mutateAsync(toContactRequest(values));
    if (outcome.kind === 'sent') setSentTo({ name: values.name.trim(), email: values.email.trim() });
  };

  const startOver = () => {
    mutation.reset();
    setValues(initial);
    setErrors({});
    setAttempted(false);
    setSentTo(null);
  };

  if (sentTo) {
    return (
      <div className={styles.success} role="status">
        <h2 ref={successHeading} tabIndex={-1} className={styles.successTitle}>
          {t('result.successTitle')}
        </h2>
        <p className={styles.successText}>{t('result.successText', sentTo)}</p>
        <Button variant="secondary" onClick={startOver}>
          {t('result.another')}
        </Button>
      </div>
    );
  }

  const outcome = mutation.data;
  const failure = outcome && outcome.kind !== 'sent' ? outcome.kind : null;
  const showSummary = attempted && hasErrors(errors);
  const requiredMark = t('requiredMark');

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={mutation.isPending || undefined}>
      {showSummary ? <Alert tone="error">{t('errors.summary')}</Alert> : null}
      {failure && !showSummary ? <Alert tone="error">{t(`result.${failure}`)}</Alert> : null}

      <p className={styles.required}>{t('requiredNote')}</p>

      <TextField
        {...register('name')}
        label={t('fields.name')}
        required
        requiredMark={requiredMark}
        autoComplete="name"
        maxLength={NAME_MAX}
        value={values.name}
        onChange={(event) => update('name', event.target.value)}
      />

      <div className={styles.row}>
        <TextField
          {...register('email')}
          label={t('fields.email')}
          type="email"
          required
          requiredMark={requiredMark}
          autoComplete="email"
          value={values.email}
          onChange={(event) => update('email', event.target.value)}
        />
        <TextField
          {...register('phone')}
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          maxLength={20}
          help={t('fields.phoneHint')}
          value={values.phone}
          onChange={(event) => update('phone', event.target.value)}
        />
      </div>

      <Select
        {...register('subject')}
        label={t('fields.subject')}
        required
        requiredMark={requiredMark}
        placeholder={t('fields.subjectPlaceholder')}
        options={CONTACT_SUBJECTS.map((subject) => ({ value: subject, label: t(`subjects.${subject}`) }))}
        value={values.subject}
        onChange={(event) => update('subject', event.target.value as ContactSubject | '')}
      />

      <TextArea
        {...register('message')}
        label={t('fields.message')}
        required
        requiredMark={requiredMark}
        rows={7}
        maxLength={MESSAGE_MAX}
        help={t('fields.messageHint')}
        value={values.message}
        onChange={(event) => update('message', event.target.value)}
      />

      <Checkbox
        {...register('privacyConsent')}
        required
        checked={values.privacyConsent}
        onChange={(event) => update('privacyConsent', event.target.checked)}
        label={
          <>
            <Trans
              t={t}
              i18nKey="fields.consent"
              components={{
                // A new tab keeps what the visitor has typed here.
                privacyLink: <a href="/privacy" target="_blank" rel="noopener noreferrer" />,
              }}
            />{' '}
            <span className={styles.muted}>
              {t('fields.newTab')} {requiredMark}
            </span>
          </>
        }
      />

      <div>
        <Button type="submit" size="large" loading={mutation.isPending}>
          {mutation.isPending ? t('submitting') : t('submit')}
        </Button>
      </div>
    </form>
  );
}
