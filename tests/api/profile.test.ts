import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { media, users } from '../../server/db/schema';
import { blankPng, expectError, multipart, describeOnBackends, signedInUser } from './helpers';

describeOnBackends(
  'Profile addresses and image',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const { backend } = suite;

    /** A confirmed user with a bearer. */
    const newUser = (label: string) =>
      signedInUser(suite.app, suite.db, { email: `${label}.${backend.name}@example.com` });

    const shipping = {
      address: 'Via Roma',
      number: '10',
      city: 'Torino',
      postalCode: '10121',
      province: 'TO',
      country: 'IT',
    };

    it('keeps one address per type; shipping and billing come and go, the others stay with the data', async () => {
      const { call } = await newUser('indirizzi');
      expect((await call('GET', '/api/user/Addresses')).json()).toEqual({ Addresses: [] });
      expect((await call('PUT', '/api/user/Addresses/shipping', shipping)).statusCode).toBe(200);
      expect(
        (await call('PUT', '/api/user/Addresses/billing', { ...shipping, address: 'Corso Francia' })).statusCode,
      ).toBe(200);
      expect((await call('PUT', '/api/user/Addresses/shipping', { ...shipping, number: '12' })).statusCode).toBe(200);
      const list = (await call('GET', '/api/user/Addresses')).json().Addresses;
      expect(list.map((a: { Type: string; number: string }) => [a.Type, a.number])).toEqual([
        ['shipping', '12'],
        ['billing', '10'],
      ]);
      expectError(
        await call('PUT', '/api/user/Addresses/shipping', { ...shipping, postalCode: '!' }),
        'ValidationError',
      );
      expectError(await call('PUT', '/api/user/Addresses/ufficio', shipping), 'ValidationError');
      expect((await call('PUT', '/api/user/Addresses/residential', shipping)).statusCode).toBe(200);
      expectError(await call('DELETE', '/api/user/Addresses/residential'), 'Forbidden');
      expect((await call('DELETE', '/api/user/Addresses/billing')).statusCode).toBe(200);
      expect((await call('GET', '/api/user/Addresses')).json().Addresses.map((a: { Type: string }) => a.Type)).toEqual([
        'residential',
        'shipping',
      ]);
      expectError(await suite.app.inject({ url: '/api/user/Addresses' }), 'MissingToken');
    });

    it('stores a profile image in two sizes, replaces it, serves it, and removes it', async () => {
      const { call, id } = await newUser('avatar');
      const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer();
      const upload = (data: Buffer, contentType = 'image/png', field = 'Avatar') => {
        const body = multipart({}, [{ field, filename: 'foto.png', contentType, data }]);
        return call('POST', '/api/user/Avatar', body.payload as never, body.headers);
      };
      const first = await upload(png);
      expect(first.statusCode).toBe(200);
      const url = first.json().Avatar as string;
      expect(url).toMatch(/^\/media\/media\/avatars\/\d+\/[0-9a-f-]+-\{dim\}\.\{ext\}$/);
      expect((await call('GET', '/api/Account/Me')).json().avatar).toBe(url);
      const ping = await suite.app.inject({ url: url.replace('{dim}', 'PING').replace('{ext}', 'jpg') });
      expect(ping.statusCode).toBe(200);
      expect(ping.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(ping.rawPayload).metadata()).width).toBe(160);
      const big = await suite.app.inject({ url: url.replace('{dim}', 'BIG').replace('{ext}', 'jpg') });
      expect((await sharp(big.rawPayload).metadata()).height).toBe(480);

      const second = await upload(await sharp(png).webp().toBuffer(), 'image/webp');
      expect(second.statusCode).toBe(200);
      expect(second.json().Avatar).not.toBe(url);
      // The old image is gone: rows and files.
      expect((await suite.app.inject({ url: url.replace('{dim}', 'PING').replace('{ext}', 'jpg') })).statusCode).toBe(
        404,
      );
      expect(await suite.db.select().from(media).where(eq(media.userId, id))).toHaveLength(1);

      expectError(await upload(Buffer.from('%PDF-1.4 non una foto'), 'image/png'), 'InvalidFileType');
      expectError(await upload(png, 'image/png', 'Altro'), 'TooManyFiles');
      expectError(await upload(Buffer.alloc(6 * 1024 * 1024, 1)), 'FileTooLarge');
      expectError(await call('POST', '/api/user/Avatar', { Avatar: 'x' }), 'UnsupportedMediaType');

      expect((await call('DELETE', '/api/user/Avatar')).statusCode).toBe(200);
      expect((await call('GET', '/api/Account/Me')).json().avatar).toBeNull();
      expect(
        (await suite.app.inject({ url: second.json().Avatar.replace('{dim}', 'BIG').replace('{ext}', 'jpg') }))
          .statusCode,
      ).toBe(404);
    });

    it('refuses a picture of 16,000 × 16,000 pixels from its header, before decoding it, and keeps answering', async () => {
      const { call } = await newUser('gigante');
      const upload = (data: Buffer) => {
        const body = multipart({}, [{ field: 'Avatar', filename: 'enorme.png', contentType: 'image/png', data }]);
        return call('POST', '/api/user/Avatar', body.payload as never, body.headers);
      };
      // A real, complete PNG of 256 megapixels in 31 KB (under sharp's own default limit).
      const huge = blankPng(16_000, 16_000);
      expect(huge.length).toBeLessThan(64 * 1024);
      expect(await sharp(huge).metadata()).toMatchObject({ format: 'png', width: 16_000, height: 16_000 });
      const started = performance.now();
      const [refused, health] = await Promise.all([upload(huge), suite.app.inject({ url: '/healthcheck' })]);
      expectError(refused, 'ImageTooLarge');
      expect(health.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect((await suite.app.inject({ url: '/healthcheck' })).statusCode).toBe(200);
      // Just under the limit the header passes; this one has no pixels to decode, so it is refused as unreadable.
      expectError(await upload(blankPng(6_000, 6_000, { headerOnly: true })), 'InvalidFileType');
    });

    it('takes the image away with the account', async () => {
      const { call, id } = await newUser('addio');
      const body = multipart({}, [
        {
          field: 'Avatar',
          filename: 'io.jpg',
          contentType: 'image/jpeg',
          data: await sharp({ create: { width: 200, height: 200, channels: 3, background: '#a37' } })
            .jpeg()
            .toBuffer(),
        },
      ]);
      const url = (await call('POST', '/api/user/Avatar', body.payload as never, body.headers)).json().Avatar as string;
      expect((await call('DELETE', `/api/user/${id}`)).statusCode).toBe(200);
      expect(await suite.db.select().from(media).where(eq(media.userId, id))).toHaveLength(0);
      expect((await suite.app.inject({ url: url.replace('{dim}', 'PING').replace('{ext}', 'jpg') })).statusCode).toBe(
        404,
      );
    });

    it('refuses malformed Italian data with the validation error and stores nothing of it', async () => {
      const { call, id } = await newUser('formati');
      const addresses = async () => (await call('GET', '/api/user/Addresses')).json().Addresses;
      for (const bad of [
        { postalCode: '2012' },
        { postalCode: '201210' },
        { postalCode: 'ABCDE' },
        { province: 'MIL' },
        { province: 'M1' },
        { city: '' },
      ]) {
        expectError(await call('PUT', '/api/user/Addresses/billing', { ...shipping, ...bad }), 'ValidationError');
      }
      expect(await addresses()).toEqual([]);

      const person = { name: 'Pia', surname: 'Sala', residentialAddress: shipping };
      for (const bad of [
        { fiscalCode: 'SLAPIA90D52F205' },
        { fiscalCode: '1234567890123456' },
        { birthdayDate: '1990-13-01' },
        { residentialAddress: { ...shipping, postalCode: '1012' } },
        { name: '   ' },
      ]) {
        expectError(await call('PUT', '/api/user/UpdatePrivateData', { ...person, ...bad }), 'ValidationError');
      }
      const company = {
        companyName: 'Sala S.r.l.',
        VATNumber: '12345678901',
        referentName: 'Pia',
        referentSurname: 'Sala',
        legalAddress: shipping,
      };
      for (const bad of [
        { VATNumber: '1234567890' },
        { VATNumber: 'IT123456789' },
        { pecAddress: 'non-una-pec' },
        { uniqueCode: 'ABC12' },
        { legalAddress: { ...shipping, province: 'Torino' } },
      ]) {
        expectError(await call('PUT', '/api/user/UpdateCorporateData', { ...company, ...bad }), 'ValidationError');
      }
      expectError(
        await call('POST', '/api/user/updatePhone', { phone: '333 1234567', phonePrefix: '0039' }),
        'ValidationError',
      );
      const [row] = await suite.db.select().from(users).where(eq(users.id, id));
      expect(row).toMatchObject({
        name: 'Pia',
        fiscalCode: null,
        birthdayDate: null,
        companyName: null,
        vatNumber: null,
        pecAddress: null,
        phonePrefix: null,
      });
      expect(await addresses()).toEqual([]);

      // The same data well formed: accepted, the province and the codes in capitals.
      expect(
        (
          await call('PUT', '/api/user/UpdatePrivateData', {
            ...person,
            fiscalCode: 'slapia90d52l2l9x',
            residentialAddress: { ...shipping, province: 'to' },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await call('POST', '/api/user/updatePhone', { phone: '333 1234567', phonePrefix: '+41' })).statusCode,
      ).toBe(200);
      expect((await call('GET', '/api/Account/Me')).json()).toMatchObject({
        fiscalCode: 'SLAPIA90D52L2L9X',
        province: 'TO',
        postalCode: '10121',
        phone: '333 1234567',
        phonePrefix: '+41',
      });
      // A phone change without a prefix keeps the one saved.
      expect((await call('POST', '/api/user/updatePhone', { phone: '347 7654321' })).statusCode).toBe(200);
      expect((await call('GET', '/api/Account/Me')).json()).toMatchObject({ phone: '347 7654321', phonePrefix: '+41' });
    });

    it("reaches only the caller's own data: another user's id is refused, no bearer is refused", async () => {
      const alice = await newUser('alice');
      const bob = await newUser('bob');
      expect((await bob.call('PUT', '/api/user/Addresses/shipping', shipping)).statusCode).toBe(200);

      expectError(await alice.call('DELETE', `/api/user/${bob.id}`), 'Forbidden');
      const [bobRow] = await suite.db.select().from(users).where(eq(users.id, bob.id));
      expect(bobRow.deletedAt).toBeNull();
      expect((await bob.call('GET', '/api/user/Addresses')).json().Addresses).toHaveLength(1);
      // Every profile call acts on the bearer's user: Alice's save leaves Bob's list alone.
      expect((await alice.call('DELETE', '/api/user/Addresses/shipping')).statusCode).toBe(200);
      expect((await bob.call('GET', '/api/user/Addresses')).json().Addresses).toHaveLength(1);

      const anonymous = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
        suite.app.inject({ method, url, payload: payload as never });
      expectError(await anonymous('PUT', '/api/user/Addresses/shipping', shipping), 'MissingToken');
      expectError(await anonymous('PUT', '/api/user/UpdatePrivateData', { name: 'X', surname: 'Y' }), 'MissingToken');
      expectError(await anonymous('DELETE', '/api/user/Avatar'), 'MissingToken');
      expectError(await anonymous('DELETE', `/api/user/${bob.id}`), 'MissingToken');
      expectError(
        await suite.app.inject({
          method: 'PUT',
          url: '/api/user/Addresses/shipping',
          payload: shipping,
          headers: { authorization: 'Bearer not-a-real-session-token-000' },
        }),
        'InvalidSessionToken',
      );
      expect((await bob.call('GET', '/api/user/Addresses')).json().Addresses).toHaveLength(1);
    });
  },
);

/**
 * A PNG of the given size in its header, with almost no image data: what a decompression bomb looks
 * like to a server that reads the header first (a few dozen bytes declaring any size).
 */
