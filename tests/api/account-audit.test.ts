import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { describeOnBackends, expectError, signedInUser } from './helpers';

// The audit lines of an export and a deletion (who, from where, what), and the deletion's id
// read strictly (digits only).

const ADDRESS = '198.51.100.23';
const lines: string[] = [];

describeOnBackends(
  'Audit of the export and the deletion',
  () => ({
    env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' },
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    },
  }),
  (suite) => {
    const audits = () =>
      lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => typeof line.audit === 'string');

    it('logs an export and a deletion at info, with the user and the address', async () => {
      const me = await signedInUser(suite.app, suite.db, { email: `audit.${suite.backend.name}@example.com` });
      const as = (method: 'GET' | 'DELETE', url: string) =>
        suite.app.inject({ method, url, remoteAddress: ADDRESS, headers: { authorization: `Bearer ${me.bearer}` } });
      lines.length = 0;
      expect((await as('GET', '/api/User/Export')).statusCode).toBe(200);
      expect(audits()).toEqual([
        expect.objectContaining({ level: 30, audit: 'data-exported', userId: me.id, ip: ADDRESS }),
      ]);
      lines.length = 0;
      expect((await as('DELETE', `/api/user/${me.id}`)).statusCode).toBe(200);
      expect(audits()).toEqual([
        expect.objectContaining({ level: 30, audit: 'account-deleted', userId: me.id, ip: ADDRESS }),
      ]);
    });

    it('reads the id of DELETE /api/user/{id} as digits only', async () => {
      const me = await signedInUser(suite.app, suite.db, { email: `audit.id.${suite.backend.name}@example.com` });
      for (const id of [`${me.id}e0`, `%20${me.id}`, `${me.id}.0`, `0x${me.id.toString(16)}`, `+${me.id}`, `0${me.id}`])
        expectError(await me.call('DELETE', `/api/user/${id}`), 'ValidationError');
      // Still there: none of them deleted it.
      expect((await me.call('GET', '/api/User/Export')).statusCode).toBe(200);
    });
  },
);
