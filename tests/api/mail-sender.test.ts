import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema';
import { deliverDueMail, MAIL_MAX_ATTEMPTS, retryDelayMs } from '../../server/modules/mail-outbox/sender';
import { describeOnBackends } from './helpers';

interface Received {
  to: string[];
  raw: string;
}

/** A local SMTP server: it takes every mail, except to addresses that start with "rifiuta". */
async function startSmtp(received: Received[]) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('rifiuta')) return callback(new Error('mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port };
}

async function until<T>(check: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// One SMTP server for the file, started before the suites' apps (their options read its port) and
// closed after them; each backend's tests write to addresses of their own.
const received: Received[] = [];
let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
beforeAll(async () => {
  smtp = await startSmtp(received);
});
afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()));
});

describeOnBackends(
  'Mail delivery through SMTP',
  () => ({
    env: {
      CAPTCHA: 'off',
      RATE_LIMIT_MAX: '0',
      JOB_QUEUE: 'true',
      JOB_POLL_SECONDS: '0.5',
      SMTP_URL: `smtp://127.0.0.1:${smtp!.port}`,
      MAIL_FROM: 'Rexer <noreply@rexer.example>',
      PUBLIC_URL: 'https://www.rexer.example',
    },
  }),
  (suite) => {
    const { backend } = suite;

    beforeAll(async () => {
      // The mail sender wakes when the app is ready.
      await suite.app.ready();
    });

    const register = (email: string) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/Account/Register',
        payload: {
          name: 'Rita',
          surname: 'Bassi',
          email,
          TermsAndConditions: true,
          InfoPrivacy: true,
          password: 'Gabbiani.Sul#Molo58',
        },
      });

    it('delivers the confirmation mail at once, with its working link, and records the delivery', async () => {
      expect((await register(`rita.bassi.${backend.name}@example.com`)).statusCode).toBe(200);
      const mail = await until(() => received.find((m) => m.to.includes(`rita.bassi.${backend.name}@example.com`)));
      expect(mail.raw).toMatch(/^From: Rexer <noreply@rexer\.example>/m);
      // The body travels quoted-printable (Italian accents): undo its soft line breaks and escapes.
      const body = mail.raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      expect(body).toMatch(/https:\/\/www\.rexer\.example\/mailconfermata\/[A-Za-z0-9_-]{43}/);
      const [row] = await until(async () => {
        const rows = await suite.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.toAddress, `rita.bassi.${backend.name}@example.com`));
        return rows[0]?.sentAt ? rows : undefined;
      });
      expect(row).toMatchObject({ attempts: 1, error: null });
      // The copy kept after delivery has no working link left.
      const token = /mailconfermata\/([A-Za-z0-9_-]{43})/.exec(body)![1];
      expect(row.textBody).not.toContain(token);
      expect(row.textBody).toContain('[link removed after delivery]');
      // The outbox is not shown where mail is delivered.
      expect((await suite.app.inject({ url: '/api/Mail/Outbox' })).statusCode).toBe(404);
    });

    it('keeps a refused mail with its error and tries again later, never twice at once', async () => {
      expect((await register(`rifiuta.tutto.${backend.name}@example.com`)).statusCode).toBe(200);
      const [failed] = await until(async () => {
        const rows = await suite.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.toAddress, `rifiuta.tutto.${backend.name}@example.com`));
        return rows[0]?.attempts ? rows : undefined;
      });
      expect(failed.sentAt).toBeNull();
      expect(failed.error).toMatch(/mailbox unavailable/);
      expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 20_000);

      // Not due yet: nothing is tried.
      const transport = {
        sent: [] as string[],
        sendMail: async (mail: { to: string }) => void transport.sent.push(mail.to),
      };
      expect(await deliverDueMail(suite.app, transport, 'Rexer <noreply@rexer.example>')).toEqual({
        sent: 0,
        failed: 0,
      });
      // Once due, it goes (here through a transport that accepts it).
      const later = new Date(Date.now() + retryDelayMs(1) + 1000);
      expect(await deliverDueMail(suite.app, transport, 'Rexer <noreply@rexer.example>', later)).toEqual({
        sent: 1,
        failed: 0,
      });
      expect(transport.sent).toEqual([`rifiuta.tutto.${backend.name}@example.com`]);
      const [done] = await suite.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed.id));
      expect(done).toMatchObject({ attempts: 2, error: null });
      expect(done.sentAt).not.toBeNull();
    });

    it('scrubs the HTML body too, and keeps the links that carry no token', async () => {
      const token = 'Zq8xWm3pLr7vNt2kYb5cHd9fGj4sQe6uAo1iEz0yXw_';
      const to = `html.${backend.name}@example.com`;
      const textBody = `Scegli la password: https://www.rexer.example/inserisciPassword/${token}\nInformativa: https://www.rexer.example/privacy`;
      const htmlBody = `<p><a href="https://www.rexer.example/login/LoginLink?analyticsToken=${token}&amp;portal=5">Accedi</a> <a href='https://www.rexer.example/privacy'>Privacy</a></p>`;
      // Due tomorrow: the sender running in the background leaves it to this call.
      const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
      const [row] = await suite.db
        .insert(mailOutbox)
        .values({ toAddress: to, subject: 'Benvenuto', textBody, htmlBody, template: 'prova', nextAttemptAt: tomorrow })
        .returning();
      const sent: { to: string; text: string; html?: string }[] = [];
      await deliverDueMail(
        suite.app,
        { sendMail: async (mail) => void sent.push(mail) },
        'Rexer <noreply@rexer.example>',
        new Date(tomorrow.getTime() + 1000),
      );
      // Delivered with its links ...
      expect(sent.find((mail) => mail.to === to)).toMatchObject({ text: textBody, html: htmlBody });
      // ... kept without the token, the rest of the mail as it was.
      const [after] = await suite.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
      expect(after.sentAt).not.toBeNull();
      expect(`${after.textBody}${after.htmlBody}`).not.toContain(token);
      expect(after.textBody).toBe(
        'Scegli la password: [link removed after delivery]\nInformativa: https://www.rexer.example/privacy',
      );
      expect(after.htmlBody).toBe(
        `<p><a href="[link removed after delivery]">Accedi</a> <a href='https://www.rexer.example/privacy'>Privacy</a></p>`,
      );
      expect(after).toMatchObject({ toAddress: to, subject: 'Benvenuto', template: 'prova' });
    });

    it('sends every subject as one line, whatever a row written before the name rules holds', async () => {
      const to = `oggetto.${backend.name}@example.com`;
      const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
      await suite.db.insert(mailOutbox).values({
        toAddress: to,
        subject: 'Ricerca «Bilocali\r\nBcc: altri@example.com\u2028\u202eiraproC»',
        textBody: 'Testo',
        template: 'prova',
        nextAttemptAt: tomorrow,
      });
      const sent: { to: string; subject: string }[] = [];
      await deliverDueMail(
        suite.app,
        { sendMail: async (mail) => void sent.push(mail) },
        'Rexer <noreply@rexer.example>',
        new Date(tomorrow.getTime() + 1000),
      );
      expect(sent.find((mail) => mail.to === to)?.subject).toBe('Ricerca «Bilocali Bcc: altri@example.com iraproC»');
    });

    it('gives up after the last attempt and backs off longer each time', async () => {
      expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
      expect(retryDelayMs(20)).toBe(60 * 60 * 1000);
      const [row] = await suite.db
        .insert(mailOutbox)
        .values({ toAddress: 'esaurito@example.com', subject: 'x', textBody: 'x', attempts: MAIL_MAX_ATTEMPTS })
        .returning();
      const transport = { sendMail: async () => undefined };
      await deliverDueMail(
        suite.app,
        transport,
        'Rexer <noreply@rexer.example>',
        new Date(Date.now() + 24 * 3600 * 1000),
      );
      const [after] = await suite.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
      expect(after.sentAt).toBeNull();
    });
  },
);
