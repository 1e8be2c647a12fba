import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { issueUserToken } from '../../server/auth/repository';
import { favorites, media, properties, users, userTokens } from '../../server/db/schema';
import { sweepDeletedAccounts } from '../../server/modules/profile/account-deletion';
import { describeOnBackends, expectError, multipart, signedInUser } from './helpers';

// A request under way when its account is deleted (issue F1 of the security review): an avatar
// upload whose body was still arriving, logins checking their password. Nothing they write may
// outlive the deletion.

/** The files under a folder of the storage (none when it does not exist). */
async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

describeOnBackends(
  'Writes racing an account deletion',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    let port = 0;
    let png: Buffer;
    beforeAll(async () => {
      await suite.app.listen({ port: 0, host: '127.0.0.1' });
      port = (suite.app.server.address() as AddressInfo).port;
      png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7a9' } })
        .png()
        .toBuffer();
    });

    it('keeps no profile image of an upload whose body was still arriving when the account was deleted', async () => {
      const me = await signedInUser(suite.app, suite.db, { email: `avatar.corsa.${suite.backend.name}@example.com` });
      const body = multipart({}, [{ field: 'Avatar', filename: 'foto.png', contentType: 'image/png', data: png }]);
      let started!: () => void;
      const headersSeen = new Promise<void>((resolve) => (started = resolve));
      let markDeleted!: () => void;
      const deleted = new Promise<void>((resolve) => (markDeleted = resolve));
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/user/Avatar',
            headers: {
              ...body.headers,
              authorization: `Bearer ${me.bearer}`,
              'content-length': String(body.payload.length),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        // Part of the body: the user is checked, the handler waits for the rest.
        req.write(body.payload.subarray(0, 200), () => started());
        void deleted.then(() => req.end(body.payload.subarray(200)));
      });
      await headersSeen;
      // The upload's session is checked once its headers arrive; then its handler waits for the body.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const removal = await me.call('DELETE', `/api/user/${me.id}`);
      expect(removal.statusCode, removal.body).toBe(200);
      markDeleted();
      const upload = await answer;
      expect(upload.status, upload.body).toBe(401);
      expect(JSON.parse(upload.body).ExceptionType).toBeDefined();
      expect(await suite.db.select({ id: media.id }).from(media).where(eq(media.userId, me.id))).toEqual([]);
      expect(await filesUnder(path.join(suite.testDb.storage.rootDir, 'media', 'avatars', String(me.id)))).toEqual([]);
    });

    it('issues no token to a login of an account deleted meanwhile, and records no login on it', async () => {
      const me = await signedInUser(suite.app, suite.db, { email: `login.corsa.${suite.backend.name}@example.com` });
      // Logins under way (their passwords being checked) while the account is deleted.
      const logins = Array.from({ length: 12 }, (_, i) =>
        suite.app.inject({
          method: 'POST',
          url: '/api/Account/Login',
          headers: { 'user-agent': `corsa-${i}` },
          payload: { username: me.email, password: me.password },
        }),
      );
      expect((await me.call('DELETE', `/api/user/${me.id}`)).statusCode).toBe(200);
      for (const login of await Promise.all(logins)) {
        if (login.statusCode !== 200) expectError(login, 'WrongCredentials');
      }
      expect(await suite.db.select({ id: userTokens.id }).from(userTokens).where(eq(userTokens.userId, me.id))).toEqual(
        [],
      );
      const [account] = await suite.db.select().from(users).where(eq(users.id, me.id));
      expect(account.deletedAt).not.toBeNull();
      if (account.lastLoginAt) expect(account.lastLoginAt.getTime()).toBeLessThanOrEqual(account.deletedAt!.getTime());

      // The token's own check, whatever the timing: a deleted account gets no token.
      await expect(
        issueUserToken(suite.db, {
          userId: me.id,
          authenticated: true,
          ip: '127.0.0.1',
          userAgent: 'dopo',
          now: new Date(),
          maxAgeMs: 60_000,
        }),
      ).rejects.toMatchObject({ type: 'WrongCredentials' });
      expect(
        await suite.db
          .select({ id: userTokens.id })
          .from(userTokens)
          .where(and(eq(userTokens.userId, me.id), isNull(userTokens.revokedAt))),
      ).toEqual([]);
    });
    it('deletes again, in the housekeeping job, what a racing writer left on an account deleted in the last day', async () => {
      const me = await signedInUser(suite.app, suite.db, { email: `spazzata.${suite.backend.name}@example.com` });
      expect((await me.call('DELETE', `/api/user/${me.id}`)).statusCode).toBe(200);
      const [before] = await suite.db.select().from(users).where(eq(users.id, me.id));
      // What a writer that did not check the account could leave: a favourite, a login, a name.
      const [listing] = await suite.db.select({ id: properties.id }).from(properties).limit(1);
      await suite.db.insert(favorites).values({ userId: me.id, propertyId: listing.id });
      await suite.db.insert(userTokens).values({
        tokenHash: `spazzata-${me.id}`.padEnd(64, '0'),
        userId: me.id,
        ip: '127.0.0.1',
        userAgent: 'corsa',
        expiresAt: new Date(Date.now() + 60_000),
        absoluteExpiresAt: new Date(Date.now() + 60_000),
      });
      await suite.db.update(users).set({ name: 'Rimasto' }).where(eq(users.id, me.id));

      expect(await sweepDeletedAccounts(suite.app)).toBeGreaterThanOrEqual(1);
      expect(await suite.db.select().from(favorites).where(eq(favorites.userId, me.id))).toEqual([]);
      expect(await suite.db.select().from(userTokens).where(eq(userTokens.userId, me.id))).toEqual([]);
      const [after] = await suite.db.select().from(users).where(eq(users.id, me.id));
      expect(after.name).toBeNull();
      // The deletion's time is kept: the sweep stops a day after it.
      expect(after.deletedAt).toEqual(before.deletedAt);
      expect(await sweepDeletedAccounts(suite.app, new Date(before.deletedAt!.getTime() + 25 * 3_600_000))).toBe(0);
    });
  },
);
