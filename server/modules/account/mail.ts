import type { Db } from '../../db/database';
import { mailOutbox } from '../../db/schema';

// Mail goes to the outbox table (ARCHITECTURE.md); a sender delivers it when SMTP_URL is set.

export async function queueConfirmationMail(db: Db, opts: { to: string; name: string; link: string; setPasswordLink?: string }): Promise<void> {
  const lines = [
    `Ciao ${opts.name},`,
    '',
    'grazie per esserti registrato su Rexer. Conferma il tuo indirizzo email aprendo questo link:',
    opts.link,
    ...(opts.setPasswordLink ? ['', 'Poi scegli la tua password da qui:', opts.setPasswordLink] : []),
    '',
    'Se non sei stato tu, ignora questa email: senza conferma l\'account non viene attivato.',
    '',
    'Il team di Rexer',
  ];
  await db.insert(mailOutbox).values({ toAddress: opts.to, subject: 'Conferma il tuo indirizzo email su Rexer', textBody: lines.join('\n'), template: 'confirm-email' });
}
