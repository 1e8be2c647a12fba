import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema';
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
