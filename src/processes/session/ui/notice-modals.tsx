import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { configQueryOptions } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { Stack } from '@/shared/ui/stack';
import { Text } from '@/shared/ui/text';

/** Registration answered 96 (an account on another portal) or 97 (no account for this address). */
export function WebAccountErrorModal({ code, onClose }: { code: 96 | 97; onClose: () => void }) {
  const { t } = useTranslation('session');
  return (
    <Modal
      open
      onClose={onClose}
      title={t(`webAccount.${code}.title`)}
      closeLabel={t('close')}
      size="small"
      footer={<Button onClick={onClose}>{t('understood')}</Button>}
    >
      <Stack gap={3} data-testid="web-account-error" data-code={code}>
        <Text>{t(`webAccount.${code}.text`)}</Text>
        <Text>
          <Link to="/contatti" onClick={onClose}>
            {t('webAccount.contact')}
          </Link>
        </Text>
      </Stack>
    </Modal>
  );
}

/** The account is suspended or deleted (401, type 68). */
export function UserBannedModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('session');
  const config = useQuery(configQueryOptions());
  const email = config.data?.ContactEmail;
  return (
    <Modal
      open
      onClose={onClose}
      title={t('banned.title')}
      closeLabel={t('close')}
      size="small"
      footer={<Button onClick={onClose}>{t('understood')}</Button>}
    >
      <Stack gap={3} data-testid="user-banned">
        <Text>{t('banned.text')}</Text>
        {email && (
          <Text>
            {t('banned.write')} <a href={`mailto:${email}`}>{email}</a>
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
