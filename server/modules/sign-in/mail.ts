import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../db/schema';
import { greeting } from '../shared/mail-text';

// Mail goes to the outbox table (docs/architecture.md); the sender delivers it when SMTP_URL is set.

export async function queueConfirmationMail(
  fastify: FastifyInstance,
  opts: { to: string; name: string | null; link: string; setPasswordLink?: string },
): Promise<void> {
  const lines = [
    greeting(opts.name),
    '',
    'grazie per la registrazione su Rexer. Conferma il tuo indirizzo email aprendo questo link:',
    opts.link,
    ...(opts.setPasswordLink ? ['', 'Poi scegli la tua password da qui:', opts.setPasswordLink] : []),
    '',
    "Se la registrazione non l'hai fatta tu, ignora questa email: senza conferma l'account non viene attivato.",
    '',
    'Il team di Rexer',
  ];
  await fastify.db.insert(mailOutbox).values({
    toAddress: opts.to,
    subject: 'Conferma il tuo indirizzo email su Rexer',
    textBody: lines.join('\n'),
    template: 'confirm-email',
  });
  fastify.wakeMailSender();
}

export async function queuePasswordResetMail(
  fastify: FastifyInstance,
  opts: { to: string; name: string | null; link: string },
): Promise<void> {
  const lines = [
    greeting(opts.name),
    '',
    "abbiamo ricevuto una richiesta di recupero della password del tuo account Rexer. Per sceglierne una nuova apri questo link entro un'ora:",
    opts.link,
    '',
    'Se non hai chiesto tu il recupero, ignora questa email: la tua password resta la stessa.',
    '',
    'Il team di Rexer',
  ];
  await fastify.db.insert(mailOutbox).values({
    toAddress: opts.to,
    subject: 'Recupera la password di Rexer',
    textBody: lines.join('\n'),
    template: 'reset-password',
  });
  fastify.wakeMailSender();
}
