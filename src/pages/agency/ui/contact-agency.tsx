import { useState } from 'react';
import { preloadWriteToAgency, WriteToAgency } from '@/features/write-to-owner';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { Button } from '@/shared/ui/button';
import styles from './agency-page.module.css';

/**
 * «Contatta l'agenzia»: the message dialog (login first for a visitor, the text kept meanwhile),
 * then the conversation in Messages. An agency nobody answers for on Rexer says so instead.
 */
export function ContactAgency({
  slug,
  name,
  acceptsMessages,
}: {
  slug: string;
  name: string;
  acceptsMessages: boolean;
}) {
  const { t } = useTranslation('agency-page');
  const [open, setOpen] = useState(false);
  if (!acceptsMessages) return <p className={styles.message}>{t('message.unavailable')}</p>;
  return (
    <div className={cx(styles.phoneBox, styles.message)}>
      <Button
        variant="primary"
        fullWidth
        onClick={() => setOpen(true)}
        onPointerEnter={preloadWriteToAgency}
        onFocus={preloadWriteToAgency}
        aria-haspopup="dialog"
        data-testid="contact-agency"
      >
        {t('message.cta')}
      </Button>
      <WriteToAgency slug={slug} name={name} open={open} onOpenChange={setOpen} />
    </div>
  );
}
