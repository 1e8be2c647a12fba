import type { LightMyRequestResponse } from 'fastify';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { appointmentEvents, appointments, mailOutbox, messages, properties, users } from '../../server/db/schema';
import {
  APPOINTMENT_REQUESTS_PER_HOUR,
  APPOINTMENT_REQUESTS_PER_LISTING_PER_DAY,
} from '../../server/modules/appointments/limits';
import { LINK_PLACEHOLDER } from '../../server/modules/messages/mail';
import { countRequest } from '../../server/plugins/rate-limit-store';
import { expectError, describeOnBackends, signedInUser } from './helpers';

// A security review of the visits and the messages (OWASP ASVS 4, API Top 10 2023): what the
// review found and fixed, each case failing before its fix.

type Method = 'GET' | 'POST' | 'PUT';
type Caller = (method: Method, url: string, payload?: object) => Promise<LightMyRequestResponse>;

describeOnBackends(
  'Visits and messages, security review',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000', REGISTER_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const { backend } = suite;

    let listingIds: number[];
    const db = () => suite.db;

    beforeAll(async () => {
      listingIds = (
        await db()
          .select({ id: properties.id })
          .from(properties)
          .where(eq(properties.statusId, 2))
          .orderBy(properties.id)
          .limit(8)
      ).map((r) => r.id);
    }, 180_000);

    let counter = 0;
    const account = (label: string, name = 'Pia') =>
      signedInUser(suite.app, suite.db, { email: `review-${label}.${++counter}.${backend.name}@example.com`, name });

    const everyDay = [1, 2, 3, 4, 5, 6, 7].map((Weekday) => ({ Weekday, From: '09:00', To: '12:00' }));

    async function ownedListing(label: string) {
      const owner = await account(`owner-${label}`, 'Marco');
      const propertyId = listingIds.shift()!;
      await db().update(properties).set({ ownerUserId: owner.id }).where(eq(properties.id, propertyId));
      await db().update(users).set({ phonePrefix: '+39', phone: '3331234567' }).where(eq(users.id, owner.id));
      expect(
        (await owner.call('PUT', `/api/User/MyProperties/${propertyId}/Availability`, { Windows: everyDay }))
          .statusCode,
      ).toBe(200);
      const slots = (await suite.app.inject({ method: 'GET', url: `/api/Property/${propertyId}/VisitSlots` })).json()
        .Slots as string[];
      return { owner, propertyId, slots };
    }

    const mailsTo = async (email: string, template: string) =>
      db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.template, template)));

    it('limits a buyer’s visit requests (each mails the owner): a request-and-cancel loop stops with 429 and Retry-After', async () => {
      const { owner, propertyId, slots } = await ownedListing('loop');
      const buyer = await account('looper');
      for (let i = 0; i < APPOINTMENT_REQUESTS_PER_LISTING_PER_DAY; i++) {
        const created = await buyer.call('POST', '/api/Appointment', { PropertyId: propertyId, Slots: [slots[i]] });
        expect(created.statusCode, created.body).toBe(201);
        expect(
          (await buyer.call('PUT', `/api/Appointment/${created.json().Id}/Cancel`, { Reason: 6 })).statusCode,
        ).toBe(200);
      }
      const refused = await buyer.call('POST', '/api/Appointment', { PropertyId: propertyId, Slots: [slots[5]] });
      expectError(refused, 'TooManyRequests');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
      expect(await db().select().from(appointments).where(eq(appointments.requesterUserId, buyer.id))).toHaveLength(
        APPOINTMENT_REQUESTS_PER_LISTING_PER_DAY,
      );
      expect(await mailsTo(owner.email, 'appointment-requested')).toHaveLength(
        APPOINTMENT_REQUESTS_PER_LISTING_PER_DAY,
      );

      // Across listings: the hour's count (already spent here) refuses a request for another listing too.
      const other = await ownedListing('loop-other');
      const spender = await account('spender');
      await countRequest(db(), `appointments-hour user:${spender.id}`, 3_600_000, APPOINTMENT_REQUESTS_PER_HOUR);
      expectError(
        await spender.call('POST', '/api/Appointment', { PropertyId: other.propertyId, Slots: [other.slots[0]] }),
        'TooManyRequests',
      );
      expect(await mailsTo(other.owner.email, 'appointment-requested')).toHaveLength(0);
      // A refused slot is not counted: it sends no mail.
      const careful = await account('careful');
      for (let i = 0; i < APPOINTMENT_REQUESTS_PER_LISTING_PER_DAY + 2; i++) {
        expectError(
          await careful.call('POST', '/api/Appointment', {
            PropertyId: other.propertyId,
            Slots: [new Date(Date.now() - 3_600_000).toISOString()],
          }),
          'AppointmentSlotUnavailable',
        );
      }
      expect(
        (await careful.call('POST', '/api/Appointment', { PropertyId: other.propertyId, Slots: [other.slots[0]] }))
          .statusCode,
      ).toBe(201);
    });

    it('lets nobody answer a pending request once its earliest slot has come: it expires (the clock’s change) and the call is refused', async () => {
      const { owner, propertyId, slots } = await ownedListing('late');
      const answers: ((id: number, buyer: { call: Caller }) => Promise<LightMyRequestResponse>)[] = [
        (id) => owner.call('PUT', `/api/Appointment/${id}/Confirm`, { Slot: slots[4] }),
        (id) => owner.call('PUT', `/api/Appointment/${id}/AcceptWithPhone`),
        (id, buyer) => buyer.call('PUT', `/api/Appointment/${id}/Cancel`, { Reason: 6 }),
      ];
      for (const [i, answer] of answers.entries()) {
        const buyer = await account(`late-${i}`);
        const id = (
          await buyer.call('POST', '/api/Appointment', { PropertyId: propertyId, Slots: [slots[i], slots[4]] })
        ).json().Id as number;
        // Its earliest slot has come (the sweep has not run yet).
        await db()
          .update(appointments)
          .set({ expiresAt: new Date(Date.now() - 60_000) })
          .where(eq(appointments.id, id));
        expectError(await answer(id, buyer), 'AppointmentTransitionRefused');
        const detail = (await buyer.call('GET', `/api/Appointment/${id}`)).json();
        expect(detail.Status).toBe(6);
        expect(detail.OwnerPhone).toBeNull();
        expect(detail.LastActor).toBe('none');
        expect(detail.ScheduledAt).toBeNull();
        const history = await db().select().from(appointmentEvents).where(eq(appointmentEvents.appointmentId, id));
        expect(history.map((h) => [h.statusId, h.actor])).toEqual([
          [1, 'buyer'],
          [6, 'none'],
        ]);
        expect(await mailsTo(buyer.email, 'appointment-expired')).toHaveLength(1);
      }
      // The slot confirmed late was not taken.
      expect(
        (await suite.app.inject({ method: 'GET', url: `/api/Property/${propertyId}/VisitSlots` })).json().Slots,
      ).toContain(slots[4]);
    });

    it('answers 400, never 500, to a forged cursor of the threads or of a thread’s messages', async () => {
      const { propertyId } = await ownedListing('cursor');
      const writer = await account('cursor');
      const sent = await writer.call('POST', '/api/Message', { PropertyId: propertyId, Text: 'Buongiorno' });
      expect(sent.statusCode).toBe(201);
      const cursor = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      for (const forged of [
        { t: '1', i: 1 },
        { t: '+275760-09-13T00:00:00.000Z', i: 1 },
        { t: '12/31/2099', i: 1 },
        { t: '2099-01-01T00:00:00.000000Z', i: 1e20 },
        { t: '2099-01-01T00:00:00.000000Z', i: 3_000_000_000 },
      ]) {
        expectError(await writer.call('GET', `/api/Message/Threads?Cursor=${cursor(forged)}`), 'InvalidCursor');
      }
      // The cursors the server gives still work.
      const page = await writer.call('GET', '/api/Message/Threads?PageSize=1');
      expect(page.statusCode).toBe(200);
      expect(
        (
          await writer.call('GET', `/api/Message/Threads?Cursor=${cursor({ t: '2099-01-01T00:00:00.000000Z', i: 1 })}`)
        ).json().Items,
      ).toHaveLength(1);
      expectError(
        await writer.call('GET', `/api/Message/Threads/${sent.json().ThreadId}?Cursor=9999999999`),
        'ValidationError',
      );
      expect(
        (await writer.call('GET', `/api/Message/Threads/${sent.json().ThreadId}?Cursor=2147483647`)).json().Items,
      ).toEqual([]);
    });

    it('keeps a message’s links out of the mail that tells of it (the thread keeps them as typed)', async () => {
      const { owner, propertyId } = await ownedListing('links');
      const writer = await account('links');
      const text =
        'Salve, paghi la caparra qui: https://rexer-pagamenti.example/x?a=1\nOppure su www.truffa.example, o evil。com o scrivi a pia@example.com.\nA presto, ore 10.30';
      const sent = await writer.call('POST', '/api/Message', { PropertyId: propertyId, Text: text });
      expect(sent.statusCode).toBe(201);
      const [mail] = await mailsTo(owner.email, 'message');
      expect(mail).toBeDefined();
      for (const link of ['https://', 'rexer-pagamenti', 'www.', 'truffa', 'evil。com', 'pia@example.com'])
        expect(mail!.textBody).not.toContain(link);
      expect(mail!.textBody).toContain(
        `> Salve, paghi la caparra qui: ${LINK_PLACEHOLDER}\n> Oppure su ${LINK_PLACEHOLDER} o ${LINK_PLACEHOLDER} o scrivi a ${LINK_PLACEHOLDER}\n> A presto, ore 10.30`,
      );
      const [stored] = await db().select().from(messages).where(eq(messages.id, sent.json().Id));
      expect(stored!.text).toBe(text);
    });
  },
);
