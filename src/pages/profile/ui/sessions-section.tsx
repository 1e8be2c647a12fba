import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { endOtherSessions, endSession, sessionsQueryOptions, type UserSession } from '../api/profile-api';
import { saveErrorKey } from '../model/use-profile-save';
import styles from './profile-page.module.css';

const DATE = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** «Chrome su Windows», «Safari su iPhone», or what little the device said of itself. */
function deviceName(session: UserSession, t: (key: string, options?: Record<string, string>) => string): string {
  if (session.Browser && session.System)
    return t('sessions.browserOn', {
      browser: session.Browser,
      system: session.System,
    });
  return session.Browser ?? session.System ?? t('sessions.unknownDevice');
}

/** Where the user is logged in (ASVS 7.5.2): each device, its last use, and a way to end it. */
export function SessionsSection() {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQueryOptions());
  const refresh = () =>
    queryClient.invalidateQueries({
      queryKey: sessionsQueryOptions().queryKey,
    });
  const endOne = useMutation({
    mutationFn: (id: number) => endSession(id),
    onSuccess: refresh,
  });
  const endOthers = useMutation({
    mutationFn: () => endOtherSessions(),
    onSuccess: refresh,
  });
  const others = sessions.data?.filter((session) => !session.Current) ?? [];
  const failed = endOne.error ?? endOthers.error;

  return (
    <section aria-labelledby="profile-sessions-title" data-testid="sessions">
      <h2 id="profile-sessions-title" className={styles.sectionTitle}>
        {t('sessions.title')}
      </h2>
      <p className={styles.muted}>{t('sessions.intro')}</p>
      {sessions.isPending ? (
        <Spinner label={t('sessions.loading')} />
      ) : sessions.isError ? (
        <Alert tone="error">{t(saveErrorKey(sessions.error))}</Alert>
      ) : (
        <ul className={styles.sessionList}>
          {sessions.data.map((session) => (
            <li key={session.Id} className={styles.sessionItem} data-testid="session" data-current={session.Current}>
              <div>
                <p className={styles.sessionDevice}>
                  {deviceName(session, t)}
                  {session.Current ? <span className={styles.sessionBadge}>{t('sessions.current')}</span> : null}
                </p>
                <p className={styles.muted}>
                  {t('sessions.lastUsed', {
                    date: DATE.format(new Date(session.LastUsedAt)),
                  })}
                  {session.Ip ? ` · ${t('sessions.ip', { ip: session.Ip })}` : ''}
                </p>
              </div>
              {session.Current ? null : (
                <Button
                  variant="secondary"
                  size="small"
                  onClick={() => endOne.mutate(session.Id)}
                  loading={endOne.isPending && endOne.variables === session.Id}
                >
                  {t('sessions.end')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {endOthers.isSuccess ? <Alert tone="success">{t('sessions.endedOthers')}</Alert> : null}
      {failed ? <Alert tone="error">{t(saveErrorKey(failed))}</Alert> : null}
      {others.length > 0 ? (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => endOthers.mutate()} loading={endOthers.isPending}>
            {t('sessions.endOthers')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
