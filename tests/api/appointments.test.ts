import type { LightMyRequestResponse } from 'fastify';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { appointments, appointmentSlots, mailOutbox, properties, users } from '../../server/db/schema';
import { expireAppointment, sendVisitReminders, sweepExpiredAppointments } from '../../server/jobs/appointment-jobs';
import { deliverDueMail, type MailTransport } from '../../server/modules/mail-outbox/sender';
import { romeWallClock } from '../../server/modules/appointments/slots';
import { expectError, describeOnBackends, signedInUser } from './helpers';

// Visits (docs/spec.md §4): windows and slots, requests, each party's answers through the
// appointment machine, the database's two rules under concurrent calls, the jobs, the mails
// and the calendar file.

type Method = 'GET' | 'POST' | 'PUT';
type Caller = (method: Method, url: string, payload?: object) => Promise<LightMyRequestResponse>;

describeOnBackends(
  'Appointments',
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
          .limit(12)
      ).map((r) => r.id);
    }, 180_000);

    let counter = 0;
    const account = (label: string, name = 'Pia') =>
      signedInUser(suite.app, suite.db, { email: `${label}.${++counter}.${backend.name}@example.com`, name });

    const everyDay = [1, 2, 3, 4, 5, 6, 7].map((Weekday) => ({ Weekday, From: '09:00', To: '12:00' }));

    /** A published listing owned by a new account with a phone, with visits every morning. */
    async function ownedListing(label: string) {
      const owner = await account(`owner-${label}`, 'Marco');
      const propertyId = listingIds.shift()!;
      await db().update(properties).set({ ownerUserId: owner.id }).where(eq(properties.id, propertyId));
      await db().update(users).set({ phonePrefix: '+39', phone: '3331234567' }).where(eq(users.id, owner.id));
      expect(
        (await owner.call('PUT', `/api/User/MyProperties/${propertyId}/Availability`, { Windows: everyDay }))
          .statusCode,
      ).toBe(200);
      return { owner, propertyId };
    }

    async function slotsOf(propertyId: number, { firstDay = false } = {}): Promise<string[]> {
      const res = await suite.app.inject({ method: 'GET', url: `/api/Property/${propertyId}/VisitSlots` });
      expect(res.statusCode).toBe(200);
      // The first day's slots are left out: at midnight (Rome) they would stop being offered
      // between reading them and asking for them, and the test would fail at that hour alone.
      const all = res.json().Slots as string[];
      const romeDay = (iso: string) => new Date(iso).toLocaleDateString('it-IT', { timeZone: 'Europe/Rome' });
      return firstDay ? all : all.filter((slot) => romeDay(slot) !== romeDay(all[0]!));
    }

    async function request(buyer: { call: Caller }, propertyId: number, slots: string[], extra: object = {}) {
      return buyer.call('POST', '/api/Appointment', { PropertyId: propertyId, Slots: slots, ...extra });
    }

    const mailsTo = async (email: string) =>
      (await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.id)).filter((m) =>
        m.template?.startsWith('appointment-'),
      );

    it('keeps an owner’s weekly windows, checked, and offers their free half hours from tomorrow for 14 days in Rome time', async () => {
      const { owner, propertyId } = await ownedListing('windows');
      const stranger = await account('stranger');
      const windows = [
        { Weekday: 6, From: '10:00', To: '13:00' },
        { Weekday: 2, From: '17:00', To: '19:00' },
        { Weekday: 2, From: '09:00', To: '10:30' },
      ];
      const put = await owner.call('PUT', `/api/User/MyProperties/${propertyId}/Availability`, { Windows: windows });
      expect(put.json()).toEqual({ Windows: [windows[2], windows[1], windows[0]] });
      expect((await owner.call('GET', `/api/User/MyProperties/${propertyId}/Availability`)).json()).toEqual({
        Windows: [windows[2], windows[1], windows[0]],
      });
      for (const bad of [
        [{ Weekday: 1, From: '10:00', To: '10:00' }],
        [{ Weekday: 1, From: '11:00', To: '10:00' }],
        [{ Weekday: 1, From: '09:15', To: '10:00' }],
        [
          { Weekday: 1, From: '09:00', To: '11:00' },
          { Weekday: 1, From: '10:30', To: '12:00' },
        ],
        [{ Weekday: 1, From: '24:00', To: '24:00' }],
      ]) {
        expectError(
          await owner.call('PUT', `/api/User/MyProperties/${propertyId}/Availability`, { Windows: bad }),
          'InvalidVisitWindows',
        );
      }
      const fifteen = Array.from({ length: 15 }, (_, i) => ({
        Weekday: (i % 7) + 1,
        From: `${String(i + 8).padStart(2, '0')}:00`,
        To: `${String(i + 8).padStart(2, '0')}:30`,
      }));
      expectError(
        await owner.call('PUT', `/api/User/MyProperties/${propertyId}/Availability`, { Windows: fifteen }),
        'ValidationError',
      );
      expectError(
        await owner.call('PUT', `/api/User/MyProperties/${propertyId}/Availability`, {
          Windows: [{ Weekday: 8, From: '09:00', To: '10:00' }],
        }),
        'ValidationError',
      );
      // Another's listing: 404, and nothing changed.
      expectError(
        await stranger.call('PUT', `/api/User/MyProperties/${propertyId}/Availability`, { Windows: everyDay }),
        'ListingNotFound',
      );
      expectError(await stranger.call('GET', `/api/User/MyProperties/${propertyId}/Availability`), 'ListingNotFound');

      const slots = await slotsOf(propertyId, { firstDay: true });
      const now = new Date();
      // Two Tuesdays and two Saturdays in 14 days: (3 + 4) + 6 slots each.
      expect(slots).toHaveLength(2 * (3 + 4) + 2 * 6);
      expect([...slots].sort()).toEqual(slots);
      const today = romeWallClock(now);
      for (const slot of slots) {
        const at = new Date(slot);
        const wall = romeWallClock(at);
        const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
        const inside =
          (weekday === 2 &&
            ((wall.minutes >= 540 && wall.minutes + 30 <= 630) ||
              (wall.minutes >= 1020 && wall.minutes + 30 <= 1140))) ||
          (weekday === 6 && wall.minutes >= 600 && wall.minutes + 30 <= 780);
        expect(inside, slot).toBe(true);
        expect(wall.minutes % 30).toBe(0);
        const days = Math.round(
          (Date.UTC(wall.year, wall.month - 1, wall.day) - Date.UTC(today.year, today.month - 1, today.day)) /
            86_400_000,
        );
        expect(days >= 1 && days <= 14, slot).toBe(true);
      }
      // Anonymous visitors see them; a listing that is not published has none.
      const [draft] = await db()
        .select({ id: properties.id })
        .from(properties)
        .where(eq(properties.statusId, 1))
        .limit(1);
      if (draft)
        expectError(
          await suite.app.inject({ method: 'GET', url: `/api/Property/${draft.id}/VisitSlots` }),
          'PropertyNotFound',
        );
      expectError(
        await suite.app.inject({ method: 'GET', url: `/api/Property/999999999/VisitSlots` }),
        'PropertyNotFound',
      );
      // An empty week receives no visits.
      await owner.call('PUT', `/api/User/MyProperties/${propertyId}/Availability`, { Windows: [] });
      expect(await slotsOf(propertyId)).toEqual([]);
    });

    it('takes a request at 1-3 free slots and refuses the wrong ones', async () => {
      const { owner, propertyId } = await ownedListing('request');
      const buyer = await account('buyer', 'Giulia');
      const slots = await slotsOf(propertyId);
      expectError(
        await suite.app.inject({
          method: 'POST',
          url: '/api/Appointment',
          payload: { PropertyId: propertyId, Slots: [slots[0]] },
        }),
        'MissingToken',
      );
      expectError(await request(owner, propertyId, [slots[0]]), 'AppointmentOwnListing');
      expectError(await request(buyer, propertyId, slots.slice(0, 4)), 'ValidationError');
      expectError(await request(buyer, propertyId, []), 'ValidationError');
      expectError(await request(buyer, propertyId, [slots[0], slots[0]]), 'ValidationError');
      expectError(
        await request(buyer, propertyId, [new Date(Date.now() - 3_600_000).toISOString()]),
        'AppointmentSlotUnavailable',
      );
      // 12:00 is a window's end, not a start; 09:10 is not a half hour.
      const firstDay = new Date(slots[0]);
      expectError(
        await request(buyer, propertyId, [new Date(firstDay.getTime() + 3 * 3_600_000).toISOString()]),
        'AppointmentSlotUnavailable',
      );
      expectError(
        await request(buyer, propertyId, [new Date(firstDay.getTime() + 10 * 60_000).toISOString()]),
        'AppointmentSlotUnavailable',
      );
      expectError(await request(buyer, propertyId, [slots[0]], { Message: 'Ciao \u202egnp.exe' }), 'ValidationError');
      expectError(await request(buyer, propertyId, [slots[0]], { Message: 'x'.repeat(1001) }), 'ValidationError');
      expectError(await request(buyer, propertyId, [slots[0]], { Phone: 'chiamami' }), 'ValidationError');
      const [unpublished] = await db()
        .select({ id: properties.id })
        .from(properties)
        .where(eq(properties.statusId, 1))
        .limit(1);
      if (unpublished) expectError(await request(buyer, unpublished.id, [slots[0]]), 'PropertyNotFound');

      const created = await request(buyer, propertyId, [slots[1], slots[0]], {
        Message: 'Buongiorno,\nvorrei vedere la casa.',
        Phone: '+39 347 1234567',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({ Id: expect.any(Number), Status: 1 });
      const id = created.json().Id;
      // One open request per buyer and listing.
      expectError(await request(buyer, propertyId, [slots[2]]), 'AppointmentAlreadyRequested');
      const detail = (await buyer.call('GET', `/api/Appointment/${id}`)).json();
      expect(detail).toMatchObject({
        Id: id,
        Role: 'buyer',
        Status: 1,
        Tab: 0,
        Done: false,
        Slots: [slots[0], slots[1]],
        ScheduledAt: null,
        ExpiresAt: slots[0],
        OtherPartyName: 'Marco',
        Message: 'Buongiorno,\nvorrei vedere la casa.',
        OwnerPhone: null,
        BuyerPhone: null,
        History: [{ Status: 1, Actor: 'buyer', Reason: null, At: expect.any(String) }],
      });
      expect((await owner.call('GET', `/api/Appointment/${id}`)).json()).toMatchObject({
        Role: 'owner',
        OtherPartyName: 'Giulia',
        BuyerPhone: null,
      });
      const mails = await mailsTo(owner.email);
      expect(mails.map((m) => m.template)).toEqual(['appointment-requested']);
      expect(mails[0]!.subject).toContain('Nuova richiesta di visita');
      expect(mails[0]!.textBody).toContain('Giulia vorrebbe visitare');
      // The buyer's message does not travel by mail.
      expect(mails[0]!.textBody).not.toContain('vorrei vedere la casa');
    });

    it('lets only one of two simultaneous requests of a buyer for a listing in', async () => {
      const { propertyId } = await ownedListing('twice');
      const buyer = await account('hasty');
      const slots = await slotsOf(propertyId);
      const answers = await Promise.all([
        request(buyer, propertyId, [slots[0]]),
        request(buyer, propertyId, [slots[1]]),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expectError(
        answers.find((a) => a.statusCode === 409)!,
        'AppointmentAlreadyRequested',
      );
    });

    it('confirms a slot for the owner only, mails both with the invitation, serves it, and takes the slot off', async () => {
      const { owner, propertyId } = await ownedListing('confirm');
      const buyer = await account('visitor', 'Giulia');
      const stranger = await account('nosy');
      const slots = await slotsOf(propertyId);
      const id = (await request(buyer, propertyId, [slots[3], slots[5]])).json().Id;

      expectError(await stranger.call('GET', `/api/Appointment/${id}`), 'AppointmentNotFound');
      expectError(
        await stranger.call('PUT', `/api/Appointment/${id}/Confirm`, { Slot: slots[3] }),
        'AppointmentNotFound',
      );
      expectError(await stranger.call('PUT', `/api/Appointment/${id}/Cancel`, { Reason: 7 }), 'AppointmentNotFound');
      expectError(await stranger.call('GET', `/api/Appointment/${id}/Calendar`), 'AppointmentNotFound');
      expectError(await buyer.call('GET', `/api/Appointment/${id}/Calendar`), 'AppointmentNotConfirmed');
      // The buyer cannot confirm their own request; the owner only a requested slot.
      expectError(
        await buyer.call('PUT', `/api/Appointment/${id}/Confirm`, { Slot: slots[3] }),
        'AppointmentTransitionRefused',
      );
      expectError(
        await owner.call('PUT', `/api/Appointment/${id}/Confirm`, { Slot: slots[4] }),
        'AppointmentSlotUnavailable',
      );
      expectError(await owner.call('PUT', `/api/Appointment/${id}/Confirm`, {}), 'ValidationError');

      const confirmed = await owner.call('PUT', `/api/Appointment/${id}/Confirm`, { Slot: slots[5] });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({
        Status: 2,
        Tab: 1,
        ScheduledAt: slots[5],
        ExpiresAt: null,
        BuyerPhone: null,
        History: [
          { Status: 1, Actor: 'buyer' },
          { Status: 2, Actor: 'owner' },
        ],
      });
      expect(await slotsOf(propertyId)).not.toContain(slots[5]);
      expect(await slotsOf(propertyId)).toContain(slots[3]);
      // Confirmed once: a second confirmation is refused by the machine.
      expectError(
        await owner.call('PUT', `/api/Appointment/${id}/Confirm`, { Slot: slots[3] }),
        'AppointmentTransitionRefused',
      );

      // The sender hands each invitation to SMTP with its mail.
      const delivered: Parameters<MailTransport['sendMail']>[0][] = [];
      await deliverDueMail(
        suite.app,
        { sendMail: async (m) => void delivered.push(m) },
        'Rexer <noreply@rexer.example>',
      );
      const dtstart = `DTSTART:${slots[5]!.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`;
      for (const party of [buyer, owner]) {
        const [mail] = (await mailsTo(party.email)).filter((m) => m.template === 'appointment-confirmed');
        expect(mail, party.email).toBeDefined();
        expect(mail!.subject).toContain('Visita confermata');
        expect(mail!.attachments).toHaveLength(1);
        const ics = mail!.attachments![0]!;
        // Lines of more than 75 octets are folded (RFC 5545 §3.1): read them unfolded.
        const unfolded = ics.content.replace(/\r\n[ \t]/g, '');
        expect(ics.filename).toBe('visita.ics');
        expect(ics.contentType).toMatch(/^text\/calendar/);
        expect(ics.content).toContain('BEGIN:VEVENT');
        expect(ics.content).toContain(dtstart);
        expect(ics.content).toContain('DURATION:PT30M');
        expect(ics.content).toMatch(/SUMMARY:Visita: /);
        expect(unfolded).toMatch(/ORGANIZER;CN=[^:]*:MAILTO:noreply@/i);
        expect(unfolded).toMatch(new RegExp(`ATTENDEE;[^\r]*:mailto:${party.email.replace(/\./g, '\\.')}`, 'i'));
        // The other party's address is not in this copy.
        expect(unfolded).not.toContain(party === buyer ? owner.email : buyer.email);
        const sentMail = delivered.find((m) => m.to === party.email && m.subject === mail!.subject);
        expect(sentMail?.attachments).toEqual([
          { filename: 'visita.ics', content: ics.content, contentType: ics.contentType },
        ]);
        const served = await party.call('GET', `/api/Appointment/${id}/Calendar`);
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toMatch(/^text\/calendar/);
        expect(served.body).toBe(ics.content);
      }
    });

    it('confirms one of two requests for the same slot when both are confirmed at once', async () => {
      const { owner, propertyId } = await ownedListing('race');
      const slots = await slotsOf(propertyId);
      const [a, b] = [await account('race-a'), await account('race-b')];
      const ids = [
        (await request(a, propertyId, [slots[0]])).json().Id,
        (await request(b, propertyId, [slots[0]])).json().Id,
      ];
      const answers = await Promise.all(
        ids.map((id) => owner.call('PUT', `/api/Appointment/${id}/Confirm`, { Slot: slots[0] })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expectError(
        answers.find((r) => r.statusCode === 409)!,
        'AppointmentSlotTaken',
      );
      const rows = await db().select().from(appointments).where(inArray(appointments.id, ids));
      expect(rows.map((r) => r.statusId).sort()).toEqual([1, 2]);
      // The loser is untouched: still pending, its history one row.
      const loser = rows.find((r) => r.statusId === 1)!;
      expect(
        (await (loser.requesterUserId === a.id ? a : b).call('GET', `/api/Appointment/${loser.id}`)).json().History,
      ).toHaveLength(1);
    });

    it('shows the owner’s phone to the buyer only while accepted with phone number, and cancels by either party', async () => {
      const { owner, propertyId } = await ownedListing('phone');
      const buyer = await account('caller', 'Giulia');
      const slots = await slotsOf(propertyId);
      const id = (await request(buyer, propertyId, [slots[0]], { Phone: '347 7654321' })).json().Id;
      expectError(await buyer.call('PUT', `/api/Appointment/${id}/AcceptWithPhone`), 'AppointmentTransitionRefused');
      const accepted = await owner.call('PUT', `/api/Appointment/${id}/AcceptWithPhone`);
      expect(accepted.json()).toMatchObject({ Status: 4, Tab: 1, OwnerPhone: null, BuyerPhone: '347 7654321' });
      expect((await buyer.call('GET', `/api/Appointment/${id}`)).json()).toMatchObject({
        Status: 4,
        OwnerPhone: '+39 3331234567',
        BuyerPhone: null,
      });
      // Nowhere else: not in the list, not in the mail.
      const listed = (await buyer.call('GET', '/api/Appointment/List?Role=buyer&Tab=1')).json();
      expect(JSON.stringify(listed)).not.toContain('3331234567');
      const mails = await mailsTo(buyer.email);
      expect(mails.map((m) => m.template)).toEqual(['appointment-accepted-with-phone']);
      expect(mails[0]!.textBody).not.toContain('3331234567');
      expect(
        JSON.stringify(
          await suite.app.inject({ method: 'GET', url: `/api/Property/${propertyId}` }).then((r) => r.json()),
        ),
      ).not.toContain('3331234567');

      const cancelled = await buyer.call('PUT', `/api/Appointment/${id}/Cancel`, { Reason: 7 });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ Tab: 2, OwnerPhone: null, Reason: 7, LastActor: 'buyer' });
      expect([3, 5]).toContain(cancelled.json().Status);
      expect((await mailsTo(owner.email)).map((m) => m.template)).toContain('appointment-cancelled');
      expectError(
        await buyer.call('PUT', `/api/Appointment/${id}/Cancel`, { Reason: 7 }),
        'AppointmentTransitionRefused',
      );
      expectError(await owner.call('PUT', `/api/Appointment/${id}/AcceptWithPhone`), 'AppointmentTransitionRefused');

      // An owner without a phone cannot accept with it.
      const second = await account('caller2');
      const id2 = (await request(second, propertyId, [slots[1]])).json().Id;
      await db().update(users).set({ phone: null }).where(eq(users.id, owner.id));
      expectError(await owner.call('PUT', `/api/Appointment/${id2}/AcceptWithPhone`), 'AppointmentOwnerPhoneMissing');
      // The owner refuses a pending request; the buyer hears of it.
      const refused = await owner.call('PUT', `/api/Appointment/${id2}/Cancel`, { Reason: 4 });
      expect(refused.json()).toMatchObject({
        Status: 3,
        Reason: 4,
        LastActor: 'owner',
        History: [{ Status: 1 }, { Status: 3, Actor: 'owner', Reason: 4 }],
      });
      const toBuyer = (await mailsTo(second.email)).filter((m) => m.template === 'appointment-cancelled');
      expect(toBuyer).toHaveLength(1);
      expect(toBuyer[0]!.textBody).toContain('La casa è stata venduta');
      expectError(await owner.call('PUT', `/api/Appointment/${id2}/Cancel`, { Reason: 99 }), 'ValidationError');
    });

    it('cancels a confirmed visit as cancelled after confirmation, by the buyer or the owner', async () => {
      const { owner, propertyId } = await ownedListing('after');
      const slots = await slotsOf(propertyId);
      for (const [who, reason] of [
        ['buyer', 6],
        ['owner', 6],
      ] as const) {
        const buyer = await account(`after-${who}`);
        const id = (await request(buyer, propertyId, [slots[who === 'buyer' ? 0 : 1]])).json().Id;
        expect(
          (await owner.call('PUT', `/api/Appointment/${id}/Confirm`, { Slot: slots[who === 'buyer' ? 0 : 1] }))
            .statusCode,
        ).toBe(200);
        const res = await (who === 'buyer' ? buyer : owner).call('PUT', `/api/Appointment/${id}/Cancel`, {
          Reason: reason,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ Status: 5, Tab: 2, LastActor: who });
        const other = who === 'buyer' ? owner.email : buyer.email;
        expect((await mailsTo(other)).map((m) => m.template)).toContain('appointment-cancelled');
      }
      // The slot is free again.
      expect(await slotsOf(propertyId)).toContain(slots[0]);
    });

    it('lists each party’s visits by tab, with pages, and reports a past confirmed visit as done', async () => {
      const { owner, propertyId } = await ownedListing('list');
      const { owner: owner2, propertyId: property2 } = await ownedListing('list2');
      const buyer = await account('lister');
      const [s1, s2] = [await slotsOf(propertyId), await slotsOf(property2)];
      const pending = (await request(buyer, propertyId, [s1[0]])).json().Id;
      const confirmed = (await request(buyer, property2, [s2[0]])).json().Id;
      await owner2.call('PUT', `/api/Appointment/${confirmed}/Confirm`, { Slot: s2[0] });
      const ids = (res: { json(): { Items: { Id: number }[] } }) => res.json().Items.map((i) => i.Id);
      expect(ids(await buyer.call('GET', '/api/Appointment/List?Role=buyer&Tab=0'))).toEqual([pending]);
      expect(ids(await buyer.call('GET', '/api/Appointment/List?Role=buyer&Tab=1'))).toEqual([confirmed]);
      expect(ids(await buyer.call('GET', '/api/Appointment/List?Role=buyer&Tab=2'))).toEqual([]);
      expect(ids(await buyer.call('GET', '/api/Appointment/List?Role=owner&Tab=0'))).toEqual([]);
      expect(ids(await owner.call('GET', '/api/Appointment/List?Role=owner&Tab=0'))).toEqual([pending]);
      const item = (await owner.call('GET', '/api/Appointment/List?Role=owner&Tab=0')).json().Items[0];
      expect(item).toMatchObject({
        Role: 'owner',
        Status: 1,
        Property: { Id: propertyId, Title: expect.any(String) },
        Slots: [s1[0]],
        OtherPartyName: 'Pia',
      });
      expect(item).not.toHaveProperty('OwnerPhone');
      const page1 = (await buyer.call('GET', '/api/Appointment/List?Role=buyer&Tab=1&Limit=1')).json();
      expect(page1.NextAfterId).toBeNull();
      expectError(await buyer.call('GET', '/api/Appointment/List?Role=seller&Tab=0'), 'ValidationError');
      expectError(await buyer.call('GET', '/api/Appointment/List?Role=buyer&Tab=3'), 'ValidationError');
      // Pages: two cancelled ones, one per page.
      for (const id of [pending]) await buyer.call('PUT', `/api/Appointment/${id}/Cancel`, { Reason: 7 });
      const again = (await request(buyer, propertyId, [s1[1]])).json().Id;
      await buyer.call('PUT', `/api/Appointment/${again}/Cancel`, { Reason: 7 });
      const first = (await buyer.call('GET', '/api/Appointment/List?Role=buyer&Tab=2&Limit=1')).json();
      expect(ids({ json: () => first })).toEqual([again]);
      const second = (
        await buyer.call('GET', `/api/Appointment/List?Role=buyer&Tab=2&Limit=1&AfterId=${first.NextAfterId}`)
      ).json();
      expect(second.Items.map((i: { Id: number }) => i.Id)).toEqual([pending]);
      expect(second.NextAfterId).toBeNull();

      // Done: the confirmed visit's time has passed (the row moved into the past).
      await db()
        .update(appointments)
        .set({ scheduledAt: new Date(Date.now() - 2 * 3_600_000) })
        .where(eq(appointments.id, confirmed));
      expect((await buyer.call('GET', `/api/Appointment/${confirmed}`)).json()).toMatchObject({
        Status: 2,
        Done: true,
      });
    });

    it('expires an unanswered request at its earliest slot, by its job or by the sweep, and reminds both parties the day before a visit', async () => {
      const { owner, propertyId } = await ownedListing('expiry');
      const slots = await slotsOf(propertyId);
      const [a, b, c] = [await account('late-a'), await account('late-b'), await account('late-c')];
      const idA = (await request(a, propertyId, [slots[0]])).json().Id;
      const idB = (await request(b, propertyId, [slots[1]])).json().Id;
      const idC = (await request(c, propertyId, [slots[2]])).json().Id;
      // Not overdue yet: the job does nothing.
      expect(await expireAppointment(suite.app, idA)).toBe(false);
      expect(await sweepExpiredAppointments(suite.app)).toBe(0);
      // Time passes for A (its job runs) and B (no job ever ran: the sweep finds it).
      const past = new Date(Date.now() - 60_000);
      await db()
        .update(appointments)
        .set({ expiresAt: past })
        .where(inArray(appointments.id, [idA, idB]));
      expect(await expireAppointment(suite.app, idA)).toBe(true);
      expect(await expireAppointment(suite.app, idA)).toBe(false);
      expect(await sweepExpiredAppointments(suite.app)).toBe(1);
      for (const [party, id] of [
        [a, idA],
        [b, idB],
      ] as const) {
        const detail = (await party.call('GET', `/api/Appointment/${id}`)).json();
        expect(detail).toMatchObject({
          Status: 6,
          Tab: 2,
          LastActor: 'none',
          History: [{ Status: 1 }, { Status: 6, Actor: 'none', Reason: null }],
        });
        expect((await mailsTo(party.email)).map((m) => m.template)).toEqual(['appointment-expired']);
      }
      expect((await mailsTo(owner.email)).filter((m) => m.template === 'appointment-expired')).toHaveLength(2);
      expect((await c.call('GET', `/api/Appointment/${idC}`)).json().Status).toBe(1);
      // An expired request can be confirmed no more.
      expectError(
        await owner.call('PUT', `/api/Appointment/${idA}/Confirm`, { Slot: slots[0] }),
        'AppointmentTransitionRefused',
      );

      // C is confirmed; its visit moves to tomorrow's same hour: one reminder to each party, once.
      await owner.call('PUT', `/api/Appointment/${idC}/Confirm`, { Slot: slots[2] });
      const soon = new Date(Date.now() + 20 * 3_600_000);
      await db().update(appointments).set({ scheduledAt: soon }).where(eq(appointments.id, idC));
      await db()
        .update(appointmentSlots)
        .set({ startsAt: soon })
        .where(and(eq(appointmentSlots.appointmentId, idC)));
      // The other tests' confirmed visits may fall in the next 24 hours too, by the hour the suite
      // runs: they count as reminded already, so the count below is C's alone.
      await db()
        .update(appointments)
        .set({ remindedAt: new Date() })
        .where(and(ne(appointments.id, idC), isNull(appointments.remindedAt)));
      expect(await sendVisitReminders(suite.app)).toBe(1);
      expect(await sendVisitReminders(suite.app)).toBe(0);
      expect((await mailsTo(c.email)).filter((m) => m.template === 'appointment-reminder')).toHaveLength(1);
      expect((await mailsTo(owner.email)).filter((m) => m.template === 'appointment-reminder')).toHaveLength(1);
    });

    it('seeds the demo buyer’s visits in every status, with slots, history and the listings’ windows', async () => {
      const [buyer] = await db().select().from(users).where(eq(users.email, 'acquirente@rexer.example'));
      const rows = await db().select().from(appointments).where(eq(appointments.requesterUserId, buyer!.id));
      expect([...new Set(rows.map((r) => r.statusId))].sort()).toEqual([1, 2, 3, 4, 5, 6]);
      const romeHour = (at: Date) =>
        Number(at.toLocaleString('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', hour12: false }));
      for (const row of rows) {
        const slots = await db().select().from(appointmentSlots).where(eq(appointmentSlots.appointmentId, row.id));
        expect(slots.length).toBeGreaterThan(0);
        // Visits a person would make: in the day, on the half hour (Rome time).
        for (const slot of slots) {
          expect(romeHour(slot.startsAt)).toBeGreaterThanOrEqual(8);
          expect(romeHour(slot.startsAt)).toBeLessThan(21);
          expect(slot.startsAt.getUTCMinutes() % 30).toBe(0);
        }
      }
      const confirmedRow = rows.find((r) => r.statusId === 2)!;
      expect(confirmedRow.scheduledAt).not.toBeNull();
      expect((await slotsOf(confirmedRow.propertyId)).length).toBeGreaterThan(0);
    });
  },
);
