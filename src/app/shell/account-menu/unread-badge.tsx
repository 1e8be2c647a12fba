import { useTranslation } from '@/shared/i18n';

/** The count of unread messages beside a menu's "Messaggi", read out as words; nothing at 0. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  const { t } = useTranslation('common');
  if (count <= 0) return null;
  // The space keeps the name read out as "Messaggi (3 non letti)".
  return (
    <>
      {' '}
      <span className={className} data-testid="menu-unread">
        <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
        <span className="visually-hidden">{t('account.unread', { count })}</span>
      </span>
    </>
  );
}
