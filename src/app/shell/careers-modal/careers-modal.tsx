import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiClient, configQueryOptions, type ApiClient } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { FileField } from '@/shared/ui/file-field';
import { Modal } from '@/shared/ui/modal';
import { Stack } from '@/shared/ui/stack';
import { Text } from '@/shared/ui/text';
import { TextArea } from '@/shared/ui/text-area';
import { TextField } from '@/shared/ui/text-field';
import {
  acceptedExtensions,
  checkCvFile,
  sizeParts,
  submitCareersApplication,
  type CareersLimits,
  type CareersOutcome,
} from '../../model/careers-application';
import styles from './careers-modal.module.css';
import { isEmail, isPlainName } from '@/shared/lib/validation';

/** The server's limits, used until the config has loaded (they are the same numbers). */
const FALLBACK_LIMITS: CareersLimits = {
  MaxCvBytes: 5 * 1024 * 1024,
  AcceptedTypes: [
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ],
};

type Errors = Partial<Record<'name' | 'email' | 'cv', string>>;

export interface CareersModalProps {
  onClose: () => void;
  client?: ApiClient;
}

/** 'Lavora con noi': name, email, message and CV, checked here first, then posted as multipart. */
export function CareersModal({ onClose, client = apiClient }: CareersModalProps) {
  const { t } = useTranslation('common');
  const config = useQuery(configQueryOptions());
  const limits = config.data?.Careers ?? FALLBACK_LIMITS;
  const types = acceptedExtensions(limits.AcceptedTypes)
    .map((extension) => extension.toUpperCase())
    .join(', ');
  const size = sizeParts(limits.MaxCvBytes);
  const sizeText = t(`fileSize.${size.unit}`, { value: size.value });

  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [cv, setCv] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<CareersOutcome | null>(null);
  const formId = useId();

  const finish = (result: CareersOutcome) => {
    setOutcome(result);
    if (result === 'tooLarge' || result === 'invalidType') {
      setCv(null);
      setFileInputKey((key) => key + 1);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!name.trim()) found.name = t('careers.validation.nameRequired');
    else if (!isPlainName(name.trim())) found.name = t('careers.validation.nameCharacters');
    if (!isEmail(email)) found.email = t('careers.validation.emailInvalid');
    if (!cv) found.cv = t('careers.validation.cvRequired');
    setErrors(found);
    if (Object.keys(found).length > 0 || !cv) return;

    const refused = checkCvFile(cv, limits);
    if (refused) {
      finish(refused);
      return;
    }
    setSending(true);
    const result = await submitCareersApplication(client, {
      name: name.trim(),
      email: email.trim(),
      message: message.trim(),
      cv,
    });
    setSending(false);
    finish(result);
  };

  if (outcome) {
    const ok = outcome === 'ok';
    return (
      <Modal
        open
        onClose={onClose}
        title={t(`careers.outcomes.${outcome}.title`)}
        closeLabel={t('modal.close')}
        size="small"
        footer={
          ok ? (
            <Button onClick={onClose}>{t('careers.close')}</Button>
          ) : (
            <>
              <Button variant="ghost" onClick={onClose}>
                {t('careers.cancel')}
              </Button>
              <Button onClick={() => setOutcome(null)}>{t('careers.retry')}</Button>
            </>
          )
        }
      >
        <div data-testid="careers-outcome" data-outcome={outcome}>
          <Alert tone={ok ? 'success' : 'error'} title={t(`careers.outcomes.${outcome}.title`)}>
            <p>{t(`careers.outcomes.${outcome}.text`, { size: sizeText, types })}</p>
          </Alert>
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t('careers.title')}
      closeLabel={t('modal.close')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('careers.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={sending}>
            {sending ? t('careers.sending') : t('careers.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className={styles.form} data-testid="careers-form">
        <Stack gap={4}>
          <Text tone="muted">{t('careers.intro')}</Text>
          <TextField
            label={t('careers.name')}
            name="Name"
            autoComplete="name"
            required
            requiredMark={t('careers.required')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
          />
          <TextField
            label={t('careers.email')}
            name="Email"
            type="email"
            autoComplete="email"
            required
            requiredMark={t('careers.required')}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
          />
          <TextArea
            label={t('careers.message')}
            name="Message"
            rows={4}
            help={t('careers.messageHelp')}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
          <FileField
            key={fileInputKey}
            label={t('careers.cv')}
            chooseLabel={t('careers.cvChoose')}
            noFileLabel={t('careers.cvNoFile')}
            name="Cv"
            required
            requiredMark={t('careers.required')}
            accept={[
              ...limits.AcceptedTypes,
              ...acceptedExtensions(limits.AcceptedTypes).map((extension) => `.${extension}`),
            ].join(',')}
            help={t('careers.cvHelp', { types, size: sizeText })}
            error={errors.cv}
            onFileChange={setCv}
          />
        </Stack>
      </form>
    </Modal>
  );
}
