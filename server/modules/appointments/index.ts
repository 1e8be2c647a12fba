import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APPOINTMENT_STATUS, isAppointmentStatusId, tabOf } from '@domain/appointment';
import { EMPTY_APPOINTMENT } from '../../../machines/appointment.machine';
import { requireUser } from '../../auth/require-user';
import { users } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { publishUserEvent } from '../../lib/user-events';
import { errorResponses } from '../../errors/error-body';
import { resolveMediaUrlOrNull } from '../shared/media-url';
import { IdParams } from '../shared/schemas';
import { scheduleExpiry } from '../../jobs/appointment-jobs';
import {
  APPOINTMENT_REQUESTS_PER_DAY,
  APPOINTMENT_REQUESTS_PER_HOUR,
  APPOINTMENT_REQUESTS_PER_LISTING_PER_DAY,
  chargeAppointmentRequest,
} from './limits';
import { quotableName, requestedMail } from './mail';
import {
  confirmedStarts,
  findAppointmentFor,
  findOwnListing,
  findPublishedListing,
  historyOf,
  insertAppointment,
  isUniqueViolation,
  listAppointments,
  readWindows,
  replaceWindows,
  slotsOf,
  type AppointmentView,
  type Role,
} from './repository';
import {
  AppointmentDetail,
  AppointmentList,
  AppointmentListQuery,
  CalendarFile,
  CancelBody,
  ConfirmBody,
  CreateAppointmentRequest,
  CreatedAppointment,
  VisitSlotsResponse,
  VisitWindowsBody,
} from './schemas';
import { checkWindows, hhmmOf, slotRange, VISIT_MINUTES, visitSlots } from './slots';
import { applyVisitCommand, calendarFor, nextStatusOf, type VisitCommand } from './transitions';

const noStore = { 'cache-control': 'no-store' };
/** The statuses listed under a tab, read off domain/appointment.ts's tabOf (not set is never stored: left out). */
function statusesOfTab(tab: number): number[] {
  return Object.values(APPOINTMENT_STATUS).filter(
    (status) => status !== APPOINTMENT_STATUS.not_set && tabOf(status) === tab,
  );
}

function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

function itemOf(view: AppointmentView, role: Role, slots: Date[], now: Date) {
  const row = view.row;
  const status = row.statusId as 0 | 1 | 2 | 3 | 4 | 5 | 6;
  return {
    Id: row.id,
    Role: role,
    Status: status,
    Tab: isAppointmentStatusId(status) ? tabOf(status) : 0,
    Done:
      status === 2 && row.scheduledAt !== null && row.scheduledAt.getTime() + VISIT_MINUTES * 60_000 <= now.getTime(),
    Property: { Id: row.propertyId, Title: view.title, ImageUrl: resolveMediaUrlOrNull(view.cover), Town: view.town },
    Slots: slots.map((s) => s.toISOString()),
    ScheduledAt: iso(row.scheduledAt),
    ExpiresAt: status === 1 ? iso(row.expiresAt) : null,
    OtherPartyName: quotableName(role === 'buyer' ? view.owner.name : view.buyer.name),
    Reason: row.refusalReasonId,
    LastActor: row.lastActor,
    CreatedAt: row.createdAt.toISOString(),
  };
}

/**
 * Visits (docs/spec.md §4, "Appointments (visits)"): an owner's weekly visit windows, a
 * listing's free slots, a buyer's requests and both parties' answers. Only the buyer and the
 * owner of an appointment see it; anybody else gets 404 AppointmentNotFound. Which change is
 * allowed is the appointment machine's to say (transitions.ts).
 */
const appointmentsModule: FastifyPluginAsyncZod = async function appointmentsModule(fastify) {
  fastify.get(
    '/api/User/MyProperties/:id/Availability',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['Appointments'],
        summary: 'The weekly visit windows of one of my listings (Europe/Rome time)',
        params: IdParams,
        response: { 200: VisitWindowsBody, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      if (!(await findOwnListing(fastify.db, request.user.id, request.params.id)))
        throw new AppError('ListingNotFound');
      reply.headers(noStore);
      return {
        Windows: (await readWindows(fastify.db, request.params.id)).map((w) => ({
          Weekday: w.weekday,
          From: hhmmOf(w.startsMinute),
          To: hhmmOf(w.endsMinute),
        })),
      };
    },
  );

  fastify.put(
    '/api/User/MyProperties/:id/Availability',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['Appointments'],
        summary: 'Replace the weekly visit windows of one of my listings',
        params: IdParams,
        body: VisitWindowsBody,
        response: { 200: VisitWindowsBody, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      if (!(await findOwnListing(fastify.db, request.user.id, request.params.id)))
        throw new AppError('ListingNotFound');
      const windows = checkWindows(request.body.Windows);
      if (!windows) throw new AppError('InvalidVisitWindows');
      await replaceWindows(fastify.db, request.params.id, windows);
      return {
        Windows: windows.map((w) => ({ Weekday: w.weekday, From: hhmmOf(w.startsMinute), To: hhmmOf(w.endsMinute) })),
      };
    },
  );

  const freeSlots = async (propertyId: number, now: Date) => {
    const range = slotRange(now);
    return visitSlots(
      await readWindows(fastify.db, propertyId),
      await confirmedStarts(fastify.db, propertyId, range.from, range.to),
      now,
    );
  };

  fastify.get(
    '/api/Property/:id/VisitSlots',
    {
      schema: {
        tags: ['Appointments'],
        summary: 'The free visit slots of a published listing, from tomorrow for 14 days',
        params: IdParams,
        response: { 200: VisitSlotsResponse, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      if (!(await findPublishedListing(fastify.db, request.params.id))) throw new AppError('PropertyNotFound');
      reply.headers(noStore);
      return {
        Slots: (await freeSlots(request.params.id, new Date())).map((s) => s.toISOString()),
        VisitMinutes: 30 as const,
      };
    },
  );

  fastify.post(
    '/api/Appointment',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['Appointments'],
        summary: 'Ask to visit a published listing at one of 1-3 of its free slots',
        description: `Each request mails the listing's owner: a buyer may send ${APPOINTMENT_REQUESTS_PER_HOUR} an hour, ${APPOINTMENT_REQUESTS_PER_DAY} a day and ${APPOINTMENT_REQUESTS_PER_LISTING_PER_DAY} a day for one listing (counted in the database for every server, once the listing and the slots are found good); past them 429 TooManyRequests with Retry-After.`,
        body: CreateAppointmentRequest,
        response: { 201: CreatedAppointment, ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const { PropertyId, Slots, Message, Phone } = request.body;
      const listing = await findPublishedListing(fastify.db, PropertyId);
      if (!listing || listing.ownerUserId === null) throw new AppError('PropertyNotFound');
      if (listing.ownerUserId === request.user.id) throw new AppError('AppointmentOwnListing');
      const slots = Slots.map((s) => new Date(s));
      const free = new Set((await freeSlots(PropertyId, now)).map((s) => s.getTime()));
      if (!slots.every((s) => free.has(s.getTime()))) throw new AppError('AppointmentSlotUnavailable');
      // The machine's first step: REQUEST from not set.
      if (
        nextStatusOf(APPOINTMENT_STATUS.not_set, EMPTY_APPOINTMENT, {
          type: 'REQUEST',
          actor: 'buyer',
          slots: Slots,
        }) !== APPOINTMENT_STATUS.pending
      ) {
        throw new AppError('AppointmentTransitionRefused');
      }
      // Each request mails the owner: a buyer sends a few an hour and a day (limits.ts).
      await chargeAppointmentRequest(fastify.db, request.user.id, PropertyId);
      const buyer = request.user;
      const ownerUserId = listing.ownerUserId;
      let id: number;
      try {
        id = await insertAppointment(
          fastify.db,
          {
            propertyId: PropertyId,
            requesterUserId: buyer.id,
            ownerUserId,
            slots,
            message: Message?.trim() || null,
            phone: Phone ?? null,
            now,
          },
          async (newId, tx) => {
            // The owner's open pages show the new request at the commit.
            await publishUserEvent(
              fastify,
              ownerUserId,
              { event: 'appointment', data: { AppointmentId: newId, Status: APPOINTMENT_STATUS.pending } },
              tx,
            );
            const [owner] = await tx
              .select({ email: users.email, name: users.name })
              .from(users)
              .where(eq(users.id, ownerUserId))
              .limit(1);
            if (!owner) return [];
            return [
              {
                to: owner.email,
                ...requestedMail({
                  toName: owner.name,
                  otherName: buyer.name,
                  title: listing.title ?? `Annuncio ${PropertyId}`,
                  appointmentId: newId,
                  publicUrl: fastify.config.publicUrl,
                  slots,
                }),
              },
            ];
          },
        );
      } catch (error) {
        if (isUniqueViolation(error, 'appointments_open_request_uq'))
          throw new AppError('AppointmentAlreadyRequested', { cause: error });
        throw error;
      }
      fastify.wakeMailSender();
      await scheduleExpiry(fastify, id, new Date(Math.min(...slots.map((s) => s.getTime()))));
      return reply.code(201).send({ Id: id, Status: 1 as const });
    },
  );

  fastify.get(
    '/api/Appointment/List',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['Appointments'],
        summary: 'My visits as buyer or as owner, by tab, newest first',
        querystring: AppointmentListQuery,
        response: { 200: AppointmentList, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const limit = request.query.Limit ?? 20;
      const rows = await listAppointments(fastify.db, request.user.id, {
        role: request.query.Role,
        statuses: statusesOfTab(request.query.Tab),
        afterId: request.query.AfterId,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const slots = await slotsOf(
        fastify.db,
        page.map((v) => v.row.id),
      );
      reply.headers(noStore);
      return {
        Items: page.map((view) => itemOf(view, request.query.Role, slots.get(view.row.id) ?? [], now)),
        NextAfterId: rows.length > limit ? page[page.length - 1].row.id : null,
      };
    },
  );

  const detailOf = async (id: number, userId: number) => {
    const view = await findAppointmentFor(fastify.db, id, userId);
    if (!view) throw new AppError('AppointmentNotFound');
    const slots = (await slotsOf(fastify.db, [id])).get(id) ?? [];
    const history = await historyOf(fastify.db, id);
    const status = view.row.statusId;
    const ownerPhone = view.owner.phone?.trim()
      ? `${view.owner.phonePrefix ? `${view.owner.phonePrefix} ` : ''}${view.owner.phone.trim()}`
      : null;
    return {
      ...itemOf(view, view.role, slots, new Date()),
      Message: view.row.message,
      // The buyer's phone reaches the owner once the request is accepted (confirmed or with phone).
      BuyerPhone: view.role === 'owner' && (status === 2 || status === 4) ? view.row.phone : null,
      // The owner's phone reaches the buyer here only, and only while accepted with phone number (4).
      OwnerPhone: view.role === 'buyer' && status === 4 ? ownerPhone : null,
      History: history.map((h) => ({
        Status: h.statusId as 0 | 1 | 2 | 3 | 4 | 5 | 6,
        Actor: h.actor,
        Reason: h.reasonId,
        At: h.createdAt.toISOString(),
      })),
    };
  };

  fastify.get(
    '/api/Appointment/:id',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['Appointments'],
        summary: 'One of my visits, with its history',
        params: IdParams,
        response: { 200: AppointmentDetail, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return detailOf(request.params.id, request.user.id);
    },
  );

  const command = (
    path: string,
    summary: string,
    toCommand: (body: unknown) => VisitCommand,
    body?: typeof ConfirmBody | typeof CancelBody,
  ) => {
    fastify.put(
      path,
      {
        preHandler: requireUser(),
        schema: {
          tags: ['Appointments'],
          summary,
          params: IdParams,
          ...(body ? { body } : {}),
          response: { 200: AppointmentDetail, ...errorResponses(401, 404, 409) },
        },
      },
      async (request, reply) => {
        await applyVisitCommand(fastify, request.params.id, request.user.id, toCommand(request.body));
        reply.headers(noStore);
        return detailOf(request.params.id, request.user.id);
      },
    );
  };
  command(
    '/api/Appointment/:id/Confirm',
    'The owner confirms one of the requested slots',
    (body) => ({ type: 'CONFIRM', slot: new Date((body as { Slot: string }).Slot) }),
    ConfirmBody,
  );
  command(
    '/api/Appointment/:id/AcceptWithPhone',
    'The owner accepts and shows the buyer a phone number to agree the time',
    () => ({ type: 'ACCEPT_WITH_PHONE' }),
  );
  command(
    '/api/Appointment/:id/Cancel',
    'The buyer or the owner cancels, with a reason',
    (body) => ({ type: 'CANCEL', reason: (body as { Reason: number }).Reason }),
    CancelBody,
  );

  fastify.get(
    '/api/Appointment/:id/Calendar',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['Appointments'],
        summary: 'The calendar invitation (.ics) of a confirmed visit, for the caller',
        params: IdParams,
        response: {
          200: { description: 'An iCalendar file', content: { 'text/calendar': { schema: CalendarFile } } },
          ...errorResponses(401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const view = await findAppointmentFor(fastify.db, request.params.id, request.user.id);
      if (!view) throw new AppError('AppointmentNotFound');
      if (view.row.statusId !== 2 || view.row.scheduledAt === null) throw new AppError('AppointmentNotConfirmed');
      const confirmed = (await historyOf(fastify.db, view.row.id)).filter((h) => h.statusId === 2).at(-1);
      const body = calendarFor(
        fastify,
        view,
        view.row.scheduledAt,
        confirmed?.createdAt ?? view.row.updatedAt,
        view.role,
      );
      return reply
        .headers(noStore)
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="visita.ics"')
        .send(body);
    },
  );
};

export default appointmentsModule;
