import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiClient, unwrap } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { Stack } from '@/shared/ui/stack';
import { Text } from '@/shared/ui/text';
import { TextField } from '@/shared/ui/text-field';
import styles from './mail-outbox-page.module.css';
import { PageMeta } from '@/shared/ui/page-meta';

const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

/** A mail's text with its addresses as links (the confirmation and reset links work from here). */
function MailText({ text }: { text: string }) {
  return (
    <pre className={styles.text}>
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

/**
 * /visualizzamail: the mails the app has written, when no SMTP server delivers them (a
 * laptop, a test run). The API answers 404 anywhere else, and the page says so.
 */
export function MailOutboxPage({ to, onSearch }: { to?: string; onSearch: (to: string | undefined) => void }) {
  const { t } = useTranslation('mail-outbox');
  const [address, setAddress] = useState(to ?? '');
  const mails = useQuery({
    queryKey: ['mail-outbox', to ?? ''],
    queryFn: async ({ signal }) =>
      unwrap(
        'GET /api/Mail/Outbox',
        await apiClient.GET('/api/Mail/Outbox', { params: { query: { to, limit: 20 } }, signal }),
      ),
    retry: false,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(address.trim() || undefined);
  };

  return (
    <div className={styles.page}>
      <PageMeta title={t('meta')} noindex />
      <div className={styles.inner}>
        <h1 className={styles.title}>{t('title')}</h1>
        <Text tone="muted">{t('intro')}</Text>
        <form onSubmit={submit} className={styles.search} role="search">
          <TextField
            label={t('address')}
            type="email"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            {t('show')}
          </Button>
        </form>
        {mails.isPending ? (
          <Spinner label={t('loading')} />
        ) : mails.isError ? (
          <Alert tone="info">{t('unavailable')}</Alert>
        ) : mails.data.Mails.length === 0 ? (
          <Text>{t('empty')}</Text>
        ) : (
          <Stack as="ol" gap={4} className={styles.list}>
            {mails.data.Mails.map((mail) => (
              <li key={mail.Id} className={styles.mail} data-testid="outbox-mail" data-to={mail.To}>
                <h2 className={styles.subject}>{mail.Subject}</h2>
                <Text size="small" tone="muted">
                  {t('sentTo', { to: mail.To, date: new Date(mail.CreatedAt).toLocaleString('it-IT') })}
                </Text>
                <MailText text={mail.Text} />
                {mail.Attachments.length > 0 ? (
                  <ul className={styles.attachments} aria-label={t('attachments')} data-testid="outbox-attachments">
                    {mail.Attachments.map((file, index) => (
                      <li key={index}>
                        <a
                          href={`data:${file.ContentType.split(';')[0]};charset=utf-8,${encodeURIComponent(file.Content)}`}
                          download={file.Filename}
                          data-testid="outbox-attachment"
                        >
                          {t('attachment', { name: file.Filename })}
                        </a>
                        <details>
                          <summary>{t('showAttachment')}</summary>
                          <pre className={styles.text}>{file.Content}</pre>
                        </details>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </Stack>
        )}
      </div>
    </div>
  );
}
