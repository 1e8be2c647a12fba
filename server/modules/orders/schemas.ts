import { z } from 'zod';

const Id = z.number().int().positive().max(2_147_483_647);

export const CataloguePlan = z
  .object({
    Id: z.number().int().describe('plan_types id: 1 basic, 2 flexible, 3 exclusive, 4 exclusive with partner.'),
    Code: z.string(),
    Name: z.string(),
    Description: z.string(),
    PriceCents: z.number().int().describe('Paid when ordered, in euro cents, VAT included (0: nothing to pay now).'),
  })
  .meta({ id: 'CataloguePlan' });

export const CatalogueServiceProduct = z
  .object({
    Id: z
      .number()
      .int()
      .describe(
        'service_products id: publish 7, first row 1, photography 4, upgrade 8, sold guaranteed 3, paddle 6, renovation 5, flexible 9.',
      ),
    Code: z.string(),
    Name: z.string(),
    Description: z.string(),
    PriceCents: z.number().int().describe('Unit price in euro cents, VAT included.'),
    MaxQuantity: z.number().int().describe('How many one order may hold.'),
    WithPlan: z
      .boolean()
      .describe('Whether it may be ordered together with a plan (false: bought later, for a published listing).'),
  })
  .meta({ id: 'CatalogueServiceProduct' });

export const OrderCatalogue = z
  .object({
    Currency: z.literal('EUR'),
    Plans: z.array(CataloguePlan),
    ServiceProducts: z.array(CatalogueServiceProduct),
  })
  .meta({ id: 'OrderCatalogue' });

export const CreateOrderRequest = z
  .strictObject({
    PropertyId: Id.describe("The listing (or draft) the order is for: one of the caller's own."),
    PlanType: z
      .number()
      .int()
      .min(1)
      .max(32_767)
      .nullish()
      .describe('The plan chosen at the value ladder (step 28), if any.'),
    ServiceProducts: z
      .array(z.strictObject({ Id: z.number().int().min(1).max(32_767), Quantity: z.number().int().min(1).max(99) }))
      .max(20)
      .default([])
      .refine((lines) => new Set(lines.map((line) => line.Id)).size === lines.length, {
        message: 'a service product appears twice',
      }),
    Origin: z
      .enum(['wizard', 'myrexer'])
      .default('wizard')
      .describe(
        "Where the purchase is made, so the payment comes back there: the wizard's value ladder (step 33 or 28), or the listing's services in MyRexer (/myrexer/annuncio/{id}/servizi/{serviceId}?ordine={orderId}).",
      ),
  })
  .describe(
    'What to buy. Prices are never sent: the server computes the amount from the catalogue, and refuses any other field.',
  )
  .meta({ id: 'CreateOrderRequest' });

export const CreateOrderHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'must be 8 to 100 letters, digits or _ . : -')
    .describe(
      'Required. A key the client makes once per purchase (a UUID) and sends again when it retries: the same key and body give back the same order, the same key with another body is refused (409).',
    ),
});

export const OrderStatus = z.enum(['pending', 'paid', 'failed', 'cancelled', 'refunded']).meta({ id: 'OrderStatus' });

export const OrderLine = z
  .object({
    Id: z.number().int(),
    Name: z.string(),
    Quantity: z.number().int(),
    UnitPriceCents: z.number().int().describe('The price when bought.'),
  })
  .meta({ id: 'OrderLine' });

export const OrderResponse = z
  .object({
    OrderId: z.number().int(),
    Status: OrderStatus,
    AmountCents: z.number().int().describe('Total in euro cents, VAT included.'),
    Currency: z.literal('EUR'),
    PaymentUrl: z
      .string()
      .nullable()
      .describe(
        "Where to pay, while the order is pending: the provider's page (absolute), or this site's own page (a path) for the offline provider; null otherwise.",
      ),
    PropertyId: z.number().int().nullable(),
    PlanType: z.number().int().nullable(),
    ServiceProducts: z.array(OrderLine),
    Origin: z
      .enum(['wizard', 'myrexer'])
      .describe('Where the purchase was made: where the payment page sends the buyer back.'),
    CreatedAt: z.iso.datetime(),
    PaidAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Order' });

export const ListingOrders = z
  .object({
    Items: z
      .array(OrderResponse)
      .describe('Newest first, at most 50: what was bought for the listing and what is waiting for its payment.'),
  })
  .meta({ id: 'ListingOrders' });

export const PaymentOutcomeParams = z.object({ provider: z.enum(['offline', 'stripe']) });

export const PaymentOutcomeBody = z
  .record(z.string(), z.unknown())
  .describe(
    "The provider's signed notification, as it sends it. offline: {Reference, Outcome (paid|failed|abandoned), AmountCents, Currency, Timestamp, Signature} as JSON or as the form of its page; stripe: the webhook Event, signed in Stripe-Signature.",
  );

export const PaymentOutcomeResponse = z
  .object({
    Applied: z
      .boolean()
      .describe(
        'True when this notification changed the order; false when it was already final (a repeated or late outcome), or the notification says nothing final.',
      ),
    OrderId: z.number().int().nullable(),
    Status: OrderStatus.nullable(),
    ReturnUrl: z
      .string()
      .nullable()
      .describe('The wizard page to come back to (offline: where the form post is redirected).'),
  })
  .meta({ id: 'PaymentOutcomeResponse' });
