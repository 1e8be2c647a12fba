import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { runHousekeeping } from '../../server/jobs/housekeeping';
import { mailOutbox, pendingFiles } from '../../server/db/schema';
import type { FileStorage } from '../../server/storage/file-storage';
import { purgeMailOutbox } from '../../server/modules/mail-outbox/purge';
import { describeOnBackends } from './helpers';

// The housekeeping job's outbox purge: sent mails kept 30 days, unsent ones 7 (their links have
// expired), the rest untouched.

const DAY = 24 * 60 * 60 * 1000;

describeOnBackends('Mail outbox purge', { env: { CAPTCHA: 'off' } }, (suite) => {
  it('deletes mails sent more than 30 days ago and unsent ones older than 7 days, and nothing else', async () => {
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const mail = (tag: string, createdAt: Date, sentAt: Date | null) => ({
      toAddress: `${tag}@example.com`,
      subject: tag,
      textBody: `https://www.rexer.test/recuperaPassword/${tag}`,
      template: 'reset-password',
      createdAt,
      sentAt,
    });
    const rows = await suite.db
      .insert(mailOutbox)
      .values([
        mail('inviata.vecchia', ago(40), ago(39)),
        mail('inviata.recente', ago(20), ago(20)),
        mail('mai.inviata.vecchia', ago(8), null),
        mail('mai.inviata.recente', ago(2), null),
        // Created long ago but sent within 30 days: kept.
        mail('inviata.tardi', ago(35), ago(10)),
      ])
      .returning({ id: mailOutbox.id, subject: mailOutbox.subject });
    expect(await purgeMailOutbox(suite.db, now)).toBe(2);
    const left = await suite.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.id,
          rows.map((row) => row.id),
        ),
      );
    expect(left.map((row) => row.subject).sort()).toEqual(['inviata.recente', 'inviata.tardi', 'mai.inviata.recente']);
  });
});

describeOnBackends('Housekeeping with the file storage away', { env: { CAPTCHA: 'off' } }, (suite) => {
  it('still purges the outbox and the other tables, and names the one step that failed', async () => {
    const now = new Date();
    const [old] = await suite.db
      .insert(mailOutbox)
      .values({
        toAddress: 'vecchia@example.com',
        subject: 'vecchia',
        textBody: 'testo',
        template: 'reset-password',
        createdAt: new Date(now.getTime() - 40 * DAY),
        sentAt: new Date(now.getTime() - 39 * DAY),
      })
      .returning({ id: mailOutbox.id });
    // A pending key an hour old makes the file step ask the storage, which is away.
    await suite.db.insert(pendingFiles).values({
      storageKey: 'media/listings/1/lasciato-BIG.jpg',
      createdAt: new Date(now.getTime() - 2 * 60 * 60 * 1000),
    });
    const away = new Error('connect ECONNREFUSED 127.0.0.1:9000');
    const storage: FileStorage = {
      put: () => Promise.reject(away),
      get: () => Promise.reject(away),
      exists: () => Promise.reject(away),
      delete: () => Promise.reject(away),
    };
    const run = await runHousekeeping(suite.app, { now, storage });
    expect(run.failed).toEqual(['pending files']);
    expect(run.mails).toBeGreaterThanOrEqual(1);
    expect(
      await suite.db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.id, [old!.id])),
    ).toEqual([]);
    // The key stays for the next run, when the storage answers again.
    expect(await suite.db.select().from(pendingFiles)).toHaveLength(1);
  });
});
