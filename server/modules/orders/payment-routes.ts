import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { FAILPOINTS, failpoint } from '../../lib/failpoint';
import type { PaymentProvider } from '../../payments';
import { isOfflineReference, type OfflineProvider } from '../../payments/offline';
import { checkoutLines } from './checkout';
import { closedPage, notFoundPage, pendingPage } from './offline-page';
import { applyPaymentOutcome, findOrderByCheckout } from './repository';
import { returnPathOf } from './return-url';
import { PaymentOutcomeBody, PaymentOutcomeParams, PaymentOutcomeResponse } from './schemas';

export interface PaymentRoutesOptions {
  provider: PaymentProvider | null;
}

/** A notification is small; a Stripe event is a few KB. */
const OUTCOME_BODY_LIMIT = 256 * 1024;

const OUTCOME_PATH = '/api/Payment/Outcome';

/**
 * The payment outcome (`POST /api/Payment/Outcome/{provider}`: a provider's signed
 * notification, applied to its order once) and the offline provider's page
 * (`GET /pagamento/{reference}`). Signatures are computed over the body's exact bytes, so
 * this plugin reads bodies as text and keeps them (its parsers are its own: encapsulated).
 */
const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async function paymentRoutes(fastify, opts) {
  const { provider } = opts;
  const rawBodies = new WeakMap<FastifyRequest, string>();
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: OUTCOME_BODY_LIMIT },
    (request, body, done) => {
      rawBodies.set(request, body as string);
      parseJson(request, body as string, done);
    },
  );
  // The offline page's buttons are plain forms (no script runs on it).
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: OUTCOME_BODY_LIMIT },
    (request, body, done) => {
      rawBodies.set(request, body as string);
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  fastify.post(
    `${OUTCOME_PATH}/:provider`,
    {
      bodyLimit: OUTCOME_BODY_LIMIT,
      schema: {
        tags: ['Orders'],
        summary:
          "A payment provider's signed outcome of a checkout (paid, failed, abandoned), applied to its order once",
        description:
          "Called by the provider (Stripe webhook), or by the offline provider's page. The signature is verified over the raw body; the amount must be the order's. " +
          'Only a pending order changes; a repeated or late outcome changes nothing and answers 200 with Applied false. ' +
          "A form post (the offline page) is answered with a redirect to where the purchase was made: the wizard (step 33 when paid, 28 otherwise), or the service's page in MyRexer.",
        params: PaymentOutcomeParams,
        body: PaymentOutcomeBody,
        response: {
          200: PaymentOutcomeResponse,
          303: z
            .null()
            .describe(
              'Form post of the offline page: to /annuncio/{vendocasa|affittocasa}/{propertyId}/{33|28}/{orderId}, or for a purchase made in MyRexer to /myrexer/annuncio/{propertyId}/servizi[/{serviceId}]?ordine={orderId}',
            ),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      // Only the configured provider's notifications are taken.
      if (!provider || provider.name !== request.params.provider) throw new AppError('NotFound');
      const now = new Date();
      const parsed = provider.parseOutcome(
        { headers: request.headers, rawBody: rawBodies.get(request) ?? '', body: request.body },
        now,
      );
      const fromForm = String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      if (parsed === null) return { Applied: false, OrderId: null, Status: null, ReturnUrl: null };
      failpoint(FAILPOINTS.paymentOutcomeReceived);
      // One transaction, on the order's locked row, applies a pending order only: the provider's retry (or the
      // browser's) after a server was killed, before or after the commit, changes nothing a second time.
      const result = await applyPaymentOutcome(fastify.db, provider.name, parsed, now, {
        publicUrl: fastify.config.publicUrl,
      });
      failpoint(FAILPOINTS.paymentCommitted);
      if (result.kind === 'unknown') {
        request.log.warn({ provider: provider.name }, 'payments: a signed outcome for a checkout no order has');
        return { Applied: false, OrderId: null, Status: null, ReturnUrl: null };
      }
      if (result.kind === 'mismatch') {
        request.log.error(
          { orderId: result.detail.order.id, amountCents: parsed.amountCents, currency: parsed.currency },
          "payments: an outcome whose amount is not the order's was refused",
        );
        throw new AppError('PaymentAmountMismatch');
      }
      const returnUrl = returnPathOf(result.detail);
      if (result.kind === 'applied') {
        request.log.info(
          { orderId: result.detail.order.id, status: result.detail.order.status },
          'payments: outcome applied',
        );
        // A paid order's receipt waits in the outbox.
        if (result.detail.order.status === 'paid') fastify.wakeMailSender();
      }
      if (fromForm) return reply.redirect(returnUrl, 303);
      return {
        Applied: result.kind === 'applied',
        OrderId: result.detail.order.id,
        Status: result.detail.order.status,
        ReturnUrl: returnUrl,
      };
    },
  );

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      // The page's URL is the capability to pay: it goes as a Referer to this site only.
      // (Not no-referrer: a form posted under it carries `Origin: null`, which the CSRF
      // check rightly refuses.)
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(html);

  fastify.get(
    '/pagamento/:reference',
    { schema: { hide: true, params: z.object({ reference: z.string().max(300) }) } },
    async (request, reply) => {
      const { reference } = request.params;
      if (!provider || provider.name !== 'offline' || !isOfflineReference(reference))
        return sendPage(reply, 404, notFoundPage());
      const detail = await findOrderByCheckout(fastify.db, 'offline', reference);
      if (!detail) return sendPage(reply, 404, notFoundPage());
      const { order } = detail;
      if (order.status !== 'pending')
        return sendPage(
          reply,
          200,
          closedPage({ orderId: order.id, paid: order.status === 'paid', returnUrl: returnPathOf(detail) }),
        );
      const offline = provider as OfflineProvider;
      const fields = (outcome: 'paid' | 'failed' | 'abandoned') =>
        offline.outcomeFields(reference, outcome, order.amountCents, order.currency);
      return sendPage(
        reply,
        200,
        pendingPage({
          orderId: order.id,
          lines: checkoutLines(detail),
          amountCents: order.amountCents,
          outcomeAction: `${OUTCOME_PATH}/offline`,
          paid: fields('paid'),
          failed: fields('failed'),
          abandoned: fields('abandoned'),
        }),
      );
    },
  );
};

export default paymentRoutes;
