import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { CACHE_CONTROL, createCachedAnswer } from '../../lib/reference-cache';
import { requireUser } from '../../auth/require-user';
import { createPaymentProvider, PaymentProviderError, type PaymentProvider } from '../../payments';
import { IdParams } from '../shared/schemas';
import { ensureCheckout, type CheckoutDeps } from './checkout';
import paymentRoutes from './payment-routes';
import { ORDER_CURRENCY, PRODUCT_RULES, requestHash } from './pricing';
import {
  createOrder,
  findOwnOrder,
  listingOrders,
  loadCatalogue,
  orderDetail,
  type OrderDetail,
  type OrderRow,
} from './repository';
import { CreateOrderHeaders, CreateOrderRequest, ListingOrders, OrderCatalogue, OrderResponse } from './schemas';

/** The answer of an order: what was bought, its state, and where to pay while it is pending. */
export function orderResponse(detail: OrderDetail) {
  const { order } = detail;
  return {
    OrderId: order.id,
    Status: order.status,
    AmountCents: order.amountCents,
    Currency: ORDER_CURRENCY,
    PaymentUrl: order.status === 'pending' ? order.checkoutUrl : null,
    PropertyId: order.propertyId,
    PlanType: order.planTypeId,
    ServiceProducts: detail.lines.map((line) => ({
      Id: line.serviceProductId,
      Name: line.name,
      Quantity: line.quantity,
      UnitPriceCents: line.unitPriceCents,
    })),
    Origin: order.origin,
    CreatedAt: order.createdAt.toISOString(),
    PaidAt: order.paidAt?.toISOString() ?? null,
  };
}

/**
 * Plans, service products, orders and their payment (the value ladder, step 28, and the
 * services bought later from MyRexer). Prices come from the catalogue tables only; an order
 * is created once per Idempotency-Key, read only by its buyer (another user's answers 404),
 * and paid through the configured provider (server/payments): see payment-routes.ts for the
 * outcome, applied once.
 */
const ordersModule: FastifyPluginAsyncZod = async function ordersModule(fastify) {
  const provider: PaymentProvider | null = createPaymentProvider(fastify.config, fastify.secrets);
  const deps: CheckoutDeps = { db: fastify.db, provider, publicUrl: fastify.config.publicUrl, log: fastify.log };
  fastify.log.info(
    `payments: ${provider ? `provider ${provider.name}${provider.name === 'offline' ? ' (no money moves: never on a public server)' : ''}` : 'no provider (PAYMENT_PROVIDER): only free orders go through'}`,
  );

  // The catalogue comes from the seed: read and serialised once per process.
  const catalogue = createCachedAnswer(
    async () => {
      const { plans, products } = await loadCatalogue(fastify.db);
      return {
        Currency: ORDER_CURRENCY,
        Plans: plans.map((plan) => ({
          Id: plan.id,
          Code: plan.code,
          Name: plan.name,
          Description: plan.description,
          PriceCents: plan.priceCents,
        })),
        ServiceProducts: products
          .filter((product) => product.active && PRODUCT_RULES[product.id] !== undefined)
          .map((product) => ({
            Id: product.id,
            Code: product.code,
            Name: product.name,
            Description: product.description,
            PriceCents: product.priceCents,
            MaxQuantity: PRODUCT_RULES[product.id]!.maxQuantity,
            WithPlan: PRODUCT_RULES[product.id]!.withPlan,
          })),
      };
    },
    { cacheControl: CACHE_CONTROL.reference },
  );

  fastify.get(
    '/api/Order/Catalogue',
    {
      schema: {
        tags: ['Orders'],
        summary: 'The plans and service products on sale, with their prices (euro cents, VAT included)',
        response: { 200: OrderCatalogue, ...errorResponses() },
      },
    },
    (request, reply) => catalogue.send(request, reply),
  );

  /** Makes a pending order's checkout impossible to pay, so another order may replace it. */
  async function closeCheckoutOf(order: OrderRow): Promise<'closed' | 'completed'> {
    // A checkout of a provider that is no longer configured cannot report an outcome here.
    if (!provider || order.checkoutReference === null || order.paymentProvider !== provider.name) return 'closed';
    try {
      return await provider.closeCheckout(order.checkoutReference);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      fastify.log.warn({ err: error, orderId: order.id }, 'orders: the payment provider did not close a checkout');
      throw new AppError('PaymentProviderUnavailable', { cause: error });
    }
  }

  fastify.post(
    '/api/Order',
    {
      preHandler: requireUser({ allowRapidRegistration: true }),
      schema: {
        tags: ['Orders'],
        summary: 'Order a plan and/or service products for one of your listings; answers the order and where to pay',
        description:
          'The amount is computed on the server from the catalogue. Send an Idempotency-Key: a retry with the same key and body answers the same order (200), never a second one. ' +
          'A listing has at most one order waiting for its payment: the same purchase answers that order, another one closes its checkout and replaces it. ' +
          'An order with nothing to pay (the basic plan) is paid at once and has no PaymentUrl. A listing takes at most 20 new orders in 24 hours (429 OrderLimitReached).',
        headers: CreateOrderHeaders,
        body: CreateOrderRequest,
        response: { 200: OrderResponse, 201: OrderResponse, ...errorResponses(401, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const hash = requestHash(request.body);
      const closedOrderIds: number[] = [];
      // Each round closes at most one other pending checkout of the listing: purchases racing from
      // several tabs (and the one waiting before them) take a round each before this one is made.
      for (let round = 0; round < 6; round += 1) {
        const result = await createOrder(fastify.db, {
          userId: request.user.id,
          idempotencyKey: key,
          requestHash: hash,
          request: request.body,
          provider: provider?.name ?? null,
          closedOrderIds,
          now: new Date(),
          publicUrl: fastify.config.publicUrl,
        });
        if (result.kind === 'close') {
          if ((await closeCheckoutOf(result.order)) === 'completed') throw new AppError('PaymentInProgress');
          closedOrderIds.push(result.order.id);
          continue;
        }
        const order = await ensureCheckout(deps, result.order, request.user.email);
        return reply
          .code(result.kind === 'created' ? 201 : 200)
          .send(orderResponse(await orderDetail(fastify.db, order)));
      }
      // The listing's pending order kept changing under this request: the client retries.
      throw new AppError('Conflict');
    },
  );

  fastify.get(
    '/api/Order/:id',
    {
      preHandler: requireUser({ allowRapidRegistration: true }),
      schema: {
        tags: ['Orders'],
        summary: 'One of your orders: its state, lines, and where to pay while it is pending',
        params: IdParams,
        response: { 200: OrderResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const detail = await findOwnOrder(fastify.db, request.params.id, request.user.id);
      if (!detail) throw new AppError('OrderNotFound');
      return orderResponse(detail);
    },
  );

  fastify.get(
    '/api/Property/:id/Orders',
    {
      preHandler: requireUser({ allowRapidRegistration: true }),
      schema: {
        tags: ['Orders'],
        summary: 'The orders of one of your listings, newest first: the services bought and the payment waiting',
        description:
          "A listing that is not the caller's, is deleted or does not exist answers 404 ListingNotFound, as the draft does.",
        params: IdParams,
        response: { 200: ListingOrders, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const details = await listingOrders(fastify.db, request.params.id, request.user.id);
      if (!details) throw new AppError('ListingNotFound');
      return reply.header('cache-control', 'no-store').send({ Items: details.map(orderResponse) });
    },
  );

  await fastify.register(paymentRoutes, { provider });
};

export default ordersModule;
