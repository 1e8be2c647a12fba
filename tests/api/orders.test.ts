import { createServer, type Server } from 'node:http';
import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLAN_TYPE, PROPERTY_STATUS, SELL_TYPE, SERVICE_PRODUCT } from '../../server/db/reference-ids';
import { mailOutbox, orderItems, orders, planTypes, properties, serviceProducts, users } from '../../server/db/schema';
import { createOfflineProvider } from '../../server/payments/offline';
import { stripeSignature } from '../../server/payments/stripe';
import { ConfigError, loadConfig } from '../../server/config';
import { buildTestApp, expectError, isErrorBody, signedInUser, describeOnBackends } from './helpers';
import { MAX_ORDERS_PER_LISTING } from '../../server/modules/orders/repository';

/** The effects of a paid order (the listing module's hook): counted here, and made to fail on demand. */
const paidHook = vi.hoisted(() => ({
  calls: [] as { orderId: number; statusInTx: string | undefined }[],
  fail: false,
}));
vi.mock('../../server/modules/orders/on-order-paid', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/modules/orders/on-order-paid')>();
  const { orders: table } = await import('../../server/db/schema');
  const { eq: equals } = await import('drizzle-orm');
  return {
    ...real,
    onOrderPaid: async (...args: Parameters<typeof real.onOrderPaid>) => {
      const [tx, order] = args;
      if (paidHook.fail) throw new Error('the effect of a paid order failed');
      // Inside the transaction that marks it paid: the row is already paid there.
      const [row] = await tx.select({ status: table.status }).from(table).where(equals(table.id, order.id));
      paidHook.calls.push({ orderId: order.id, statusInTx: row?.status });
      await real.onOrderPaid(...args);
    },
  };
});

interface Form {
  action: string;
  fields: Record<string, string>;
}

/** The three forms of the offline page, by their button's label. */
function formsOf(html: string): Record<string, Form> {
  const forms: Record<string, Form> = {};
  for (const match of html.matchAll(
    /<form method="post" action="([^"]+)">(.*?)<button[^>]*>([^<]+)<\/button><\/form>/g,
  )) {
    const fields = Object.fromEntries(
      [...match[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
    );
    forms[match[3]!] = { action: match[1]!, fields };
  }
  return forms;
}

describe('payment settings', () => {
  it('default to the offline provider on a laptop only', () => {
    expect(loadConfig({}).paymentProvider).toBe('offline');
    expect(loadConfig({ HOST: 'localhost', PUBLIC_URL: 'http://127.0.0.1:3000' }).paymentProvider).toBe('offline');
    expect(loadConfig({ HOST: '0.0.0.0' }).paymentProvider).toBeNull();
    expect(loadConfig({ PUBLIC_URL: 'https://www.rexer.example' }).paymentProvider).toBeNull();
    expect(loadConfig({ HOST: '0.0.0.0', PAYMENT_PROVIDER: 'offline' }).paymentProvider).toBe('offline');
    expect(loadConfig({ PAYMENT_PROVIDER: 'none' }).paymentProvider).toBeNull();
  });

  it('need both Stripe keys, well formed, and never print them', () => {
    const issues = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.issues;
        throw error;
      }
      return [];
    };
    expect(issues({ PAYMENT_PROVIDER: 'stripe' })).toEqual([
      'STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe',
      'STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe',
    ]);
    const bad = issues({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'pk_live_publishable1234',
      STRIPE_WEBHOOK_SECRET: 'secret',
    });
    expect(bad).toHaveLength(2);
    expect(bad.join('\n')).not.toMatch(/pk_live|secret"/);
    expect(issues({ PAYMENT_PROVIDER: 'paypal' })[0]).toMatch(/^PAYMENT_PROVIDER must be/);
    expect(
      loadConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_live_51AbcDefGh',
        STRIPE_WEBHOOK_SECRET: 'whsec_AbcDef123456',
      }),
    ).toMatchObject({
      paymentProvider: 'stripe',
      stripe: {
        secretKey: 'sk_live_51AbcDefGh',
        webhookSecret: 'whsec_AbcDef123456',
        apiUrl: 'https://api.stripe.com',
      },
    });
  });
});

describeOnBackends(
  'Orders and payments',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const { backend } = suite;

    let flexiblePrice = 0;
    let firstRowPrice = 0;
    let paddlePrice = 0;
    let sellers = 0;

    beforeAll(async () => {
      // Order ids start again in each backend's database: the calls of another backend's orders would match them.
      paidHook.calls.length = 0;
      const db = suite.db;
      flexiblePrice = (await db.select().from(planTypes).where(eq(planTypes.id, PLAN_TYPE.flexible)))[0]!.priceCents;
      firstRowPrice = (
        await db.select().from(serviceProducts).where(eq(serviceProducts.id, SERVICE_PRODUCT.first_row))
      )[0]!.priceCents;
      paddlePrice = (await db.select().from(serviceProducts).where(eq(serviceProducts.id, SERVICE_PRODUCT.paddle)))[0]!
        .priceCents;
    }, 180_000);

    /** A confirmed user with a bearer and a draft listing of their own. */
    async function newSeller(label: string, target: () => FastifyInstance = () => suite.app) {
      // Each from its own address: registrations are limited per address (10 an hour).
      sellers += 1;
      const remoteAddress = `10.12.${sellers >> 8}.${sellers & 255}`;
      const { id, email, bearer } = await signedInUser(target(), suite.db, {
        email: `${label}.${backend.name}.${randomUUID().slice(0, 8)}@example.com`,
        remoteAddress,
      });
      const listing = async (sellTypeId: number = SELL_TYPE.sale) =>
        (
          await suite.db
            .insert(properties)
            .values({ ownerUserId: id, sellTypeId, statusId: PROPERTY_STATUS.incomplete })
            .returning({ id: properties.id })
        )[0]!.id;
      const propertyId = await listing();
      const order = (body: object, key: string = randomUUID()) =>
        target().inject({
          method: 'POST',
          url: '/api/Order',
          payload: body as never,
          headers: { authorization: `Bearer ${bearer}`, 'idempotency-key': key },
        });
      const get = (url: string) => target().inject({ url, headers: { authorization: `Bearer ${bearer}` } });
      const receipts = () =>
        suite.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'order-receipt')));
      return { id, propertyId, listing, order, get, bearer, receipts };
    }

    const page = (url: string) => suite.app.inject({ url });
    /** A button of the page pressed, as the browser posts its form. */
    const press = (form: Form) =>
      suite.app.inject({
        method: 'POST',
        url: form.action,
        payload: new URLSearchParams(form.fields).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'http://localhost:80',
          'sec-fetch-site': 'same-origin',
        },
      });
    const outcome = (fields: object) =>
      suite.app.inject({ method: 'POST', url: '/api/Payment/Outcome/offline', payload: fields as never });
    const dbOrder = async (id: number) => (await suite.db.select().from(orders).where(eq(orders.id, id)))[0]!;

    it('publishes the catalogue of plans and service products with their prices, from memory', async () => {
      const res = await suite.app.inject({ url: '/api/Order/Catalogue' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.Currency).toBe('EUR');
      expect(body.Plans.map((p: { Code: string; PriceCents: number }) => [p.Code, p.PriceCents > 0])).toEqual([
        ['basic', false],
        ['flexible', true],
        ['exclusive', false],
        ['exclusive_partner', false],
      ]);
      expect(body.ServiceProducts.map((p: { Id: number }) => p.Id)).toEqual([7, 1, 4, 8, 3, 6, 5, 9]);
      expect(body.ServiceProducts.find((p: { Id: number }) => p.Id === SERVICE_PRODUCT.first_row)).toMatchObject({
        Name: 'In prima fila',
        PriceCents: firstRowPrice,
        MaxQuantity: 6,
        WithPlan: true,
      });
      expect(body.ServiceProducts.find((p: { Id: number }) => p.Id === SERVICE_PRODUCT.upgrade)).toMatchObject({
        Name: 'Annuncio Premium',
        WithPlan: true,
      });
      // The flexible plan sold as a product (later, for a basic listing): the plan's price, never with a plan.
      expect(body.ServiceProducts.find((p: { Id: number }) => p.Id === SERVICE_PRODUCT.flexible)).toMatchObject({
        PriceCents: flexiblePrice,
        WithPlan: false,
      });
      expect(res.headers.etag).toMatch(/^"/);
      expect(
        (
          await suite.app.inject({
            url: '/api/Order/Catalogue',
            headers: { 'if-none-match': String(res.headers.etag) },
          })
        ).statusCode,
      ).toBe(304);
    });

    it('makes a basic-plan order paid at once, without a provider', async () => {
      const seller = await newSeller('base');
      const res = await seller.order({ PropertyId: seller.propertyId, PlanType: PLAN_TYPE.basic });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        Status: 'paid',
        AmountCents: 0,
        Currency: 'EUR',
        PaymentUrl: null,
        PropertyId: seller.propertyId,
        PlanType: PLAN_TYPE.basic,
        ServiceProducts: [],
      });
      expect(body.PaidAt).not.toBeNull();
      expect(await dbOrder(body.OrderId)).toMatchObject({
        paymentProvider: null,
        checkoutReference: null,
        status: 'paid',
      });
      expect(paidHook.calls.filter((c) => c.orderId === body.OrderId)).toEqual([
        { orderId: body.OrderId, statusInTx: 'paid' },
      ]);
      expect((await seller.get(`/api/Order/${body.OrderId}`)).json()).toEqual(body);
      // Nothing was paid: no receipt.
      expect(await seller.receipts()).toEqual([]);
    });

    it('takes at most 20 new orders of a listing in 24 hours, free ones too; a known key is still answered', async () => {
      const seller = await newSeller('cap');
      const keys: string[] = [];
      for (let index = 0; index < MAX_ORDERS_PER_LISTING; index++) {
        keys.push(randomUUID());
        expect(
          (await seller.order({ PropertyId: seller.propertyId, PlanType: PLAN_TYPE.basic }, keys[index])).statusCode,
        ).toBe(201);
      }
      expectError(
        await seller.order({ PropertyId: seller.propertyId, PlanType: PLAN_TYPE.basic }),
        'OrderLimitReached',
      );
      expect(
        (await seller.order({ PropertyId: seller.propertyId, PlanType: PLAN_TYPE.basic }, keys[0])).statusCode,
      ).toBe(200);
      // Another listing of the same owner has its own count; a day later the first takes orders again.
      expect((await seller.order({ PropertyId: await seller.listing(), PlanType: PLAN_TYPE.basic })).statusCode).toBe(
        201,
      );
      await suite.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(orders.propertyId, seller.propertyId));
      expect((await seller.order({ PropertyId: seller.propertyId, PlanType: PLAN_TYPE.basic })).statusCode).toBe(201);
    });

    it('computes the amount on the server and refuses any other field', async () => {
      const seller = await newSeller('importo');
      expectError(
        await seller.order({ PropertyId: seller.propertyId, PlanType: PLAN_TYPE.flexible, AmountCents: 1 }),
        'ValidationError',
      );
      expectError(
        await seller.order({
          PropertyId: seller.propertyId,
          ServiceProducts: [{ Id: SERVICE_PRODUCT.paddle, Quantity: 1, UnitPriceCents: 1 }],
        }),
        'ValidationError',
      );
      expectError(
        await seller.order({
          PropertyId: seller.propertyId,
          ServiceProducts: [
            { Id: SERVICE_PRODUCT.paddle, Quantity: 1 },
            { Id: SERVICE_PRODUCT.paddle, Quantity: 2 },
          ],
        }),
        'ValidationError',
      );
      expectError(await seller.order({ PropertyId: seller.propertyId, ServiceProducts: [] }), 'InvalidOrder');
      expectError(await seller.order({ PropertyId: seller.propertyId, PlanType: 9 }), 'InvalidOrder');
      expectError(
        await seller.order({
          PropertyId: seller.propertyId,
          ServiceProducts: [{ Id: SERVICE_PRODUCT.paddle, Quantity: 4 }],
        }),
        'InvalidOrder',
      );
      expectError(
        await seller.order({
          PropertyId: seller.propertyId,
          PlanType: PLAN_TYPE.basic,
          ServiceProducts: [{ Id: SERVICE_PRODUCT.flexible, Quantity: 1 }],
        }),
        'InvalidOrder',
      );
      const res = await seller.order({
        PropertyId: seller.propertyId,
        PlanType: PLAN_TYPE.flexible,
        ServiceProducts: [
          { Id: SERVICE_PRODUCT.first_row, Quantity: 2 },
          { Id: SERVICE_PRODUCT.paddle, Quantity: 1 },
        ],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        Status: 'pending',
        AmountCents: flexiblePrice + 2 * firstRowPrice + paddlePrice,
        ServiceProducts: [
          { Id: SERVICE_PRODUCT.first_row, Quantity: 2, UnitPriceCents: firstRowPrice },
          { Id: SERVICE_PRODUCT.paddle, Quantity: 1, UnitPriceCents: paddlePrice },
        ],
      });
      expect(res.json().PaymentUrl).toMatch(/^\/pagamento\/off_[\w-]{32}$/);
      const items = await suite.db.select().from(orderItems).where(eq(orderItems.orderId, res.json().OrderId));
      expect(items).toHaveLength(2);
    });

    it('needs an Idempotency-Key; the same key and body give one order even when sent at once, another body is refused', async () => {
      const seller = await newSeller('doppio');
      const body = { PropertyId: seller.propertyId, PlanType: PLAN_TYPE.flexible };
      expectError(
        await suite.app.inject({
          method: 'POST',
          url: '/api/Order',
          payload: body,
          headers: { authorization: `Bearer ${seller.bearer}` },
        }),
        'ValidationError',
      );
      expectError(await seller.order(body, 'corta'), 'ValidationError');
      expectError(await seller.order(body, 'spazi non ammessi'), 'ValidationError');

      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 5 }, () => seller.order(body, key)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      const ids = new Set(answers.map((a) => a.json().OrderId));
      expect(ids.size).toBe(1);
      expect(new Set(answers.map((a) => a.json().PaymentUrl)).size).toBe(1);
      const rows = await suite.db.select().from(orders).where(eq(orders.userId, seller.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.checkoutReference).toMatch(/^off_/);

      // Later, the same key and body: the same order; another body: 409, nothing made.
      expect((await seller.order(body, key)).json()).toEqual(answers[0]!.json());
      expectError(await seller.order({ ...body, PlanType: PLAN_TYPE.basic }, key), 'IdempotencyKeyReused');
      const other = await seller.listing();
      expectError(await seller.order({ ...body, PropertyId: other }, key), 'IdempotencyKeyReused');
      expect(await suite.db.select().from(orders).where(eq(orders.userId, seller.id))).toHaveLength(1);

      // A key is the user's own: another user may use the same one.
      const someoneElse = await newSeller('stessa-chiave');
      expect(
        (await someoneElse.order({ PropertyId: someoneElse.propertyId, PlanType: PLAN_TYPE.basic }, key)).statusCode,
      ).toBe(201);
    });

    it('pays through the offline page: Paga goes back to step 33, and a repeated outcome changes nothing', async () => {
      const seller = await newSeller('paga');
      const created = (
        await seller.order({
          PropertyId: seller.propertyId,
          PlanType: PLAN_TYPE.flexible,
          ServiceProducts: [{ Id: SERVICE_PRODUCT.first_row, Quantity: 1 }],
        })
      ).json();
      const shown = await page(created.PaymentUrl);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-type']).toMatch(/^text\/html/);
      expect(shown.headers['cache-control']).toBe('no-store');
      expect(shown.headers['referrer-policy']).toBe('same-origin');
      expect(shown.body).toContain('<html lang="it">');
      expect(shown.body).toContain('Piano Flessibile');
      expect(shown.body).toContain('In prima fila');
      expect(shown.body).toMatch(/238,00\s€/);
      const forms = formsOf(shown.body);
      expect(Object.keys(forms).sort()).toEqual(['Annulla', 'Paga', 'Pagamento rifiutato']);

      const paid = await press(forms.Paga!);
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe(`/annuncio/vendocasa/${seller.propertyId}/33/${created.OrderId}`);
      const after = (await seller.get(`/api/Order/${created.OrderId}`)).json();
      expect(after).toMatchObject({ Status: 'paid', PaymentUrl: null });
      const row = await dbOrder(created.OrderId);
      expect(row.paymentReference).toBe(forms.Paga!.fields.Reference);
      expect(row.paidAt).not.toBeNull();

      // The same button again, the other buttons, the same outcome as JSON: nothing changes.
      expect((await press(forms.Paga!)).headers.location).toBe(
        `/annuncio/vendocasa/${seller.propertyId}/33/${created.OrderId}`,
      );
      expect((await press(forms['Pagamento rifiutato']!)).headers.location).toBe(
        `/annuncio/vendocasa/${seller.propertyId}/33/${created.OrderId}`,
      );
      const again = await outcome(forms.Annulla!.fields);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({
        Applied: false,
        OrderId: created.OrderId,
        Status: 'paid',
        ReturnUrl: `/annuncio/vendocasa/${seller.propertyId}/33/${created.OrderId}`,
      });
      expect(await dbOrder(created.OrderId)).toEqual(row);
      expect(paidHook.calls.filter((c) => c.orderId === created.OrderId)).toHaveLength(1);

      // One receipt, however many times the outcome came: what was bought, the total, the reference.
      const receipts = await seller.receipts();
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.subject).toMatch(
        new RegExp(`^Ricevuta del tuo ordine n\\. ${created.OrderId} su Rexer: 238,00\\s€$`),
      );
      expect(receipts[0]!.textBody).toContain('Ciao Pia,');
      expect(receipts[0]!.textBody).toMatch(
        /- Piano Flessibile: \d+,\d\d\s€\n- In prima fila: \d+,\d\d\s€\nTotale pagato \(IVA inclusa\): 238,00\s€/,
      );
      expect(receipts[0]!.textBody).toContain(`Riferimento del pagamento: ${row.paymentReference}`);
      expect(receipts[0]!.textBody).toContain(
        `\n${suite.app.config.publicUrl}/myrexer/annuncio/${seller.propertyId}/servizi\n`,
      );

      // The page of a paid order says so, without buttons.
      const closed = await page(created.PaymentUrl);
      expect(closed.body).toContain('Ordine pagato');
      expect(formsOf(closed.body)).toEqual({});
      // An unknown or malformed reference: the not-found page.
      expect((await page(`/pagamento/off_${'x'.repeat(32)}`)).statusCode).toBe(404);
      expect((await page('/pagamento/qualcosa')).statusCode).toBe(404);
    });

    // Security review: a rapid registration's address is not proven; its receipt waits (the order's page shows it).
    it('mails no receipt to an address nobody confirmed', async () => {
      const email = `nonconfermato.${backend.name}.${randomUUID().slice(0, 8)}@example.com`;
      const registered = await suite.app.inject({
        method: 'POST',
        url: '/api/Account/Register',
        remoteAddress: '10.13.0.1',
        payload: { name: 'Pia', surname: 'Sala', email, TermsAndConditions: true, InfoPrivacy: true },
      });
      const bearer = (
        await suite.app.inject({
          method: 'POST',
          url: '/api/Account/Session',
          payload: { userToken: registered.json().Token, portal: 5 },
        })
      ).json().Token as string;
      const [user] = await suite.db.select().from(users).where(eq(users.email, email));
      const [listing] = await suite.db
        .insert(properties)
        .values({ ownerUserId: user!.id, sellTypeId: SELL_TYPE.sale, statusId: PROPERTY_STATUS.incomplete })
        .returning({ id: properties.id });
      const created = await suite.app.inject({
        method: 'POST',
        url: '/api/Order',
        payload: { PropertyId: listing!.id, ServiceProducts: [{ Id: SERVICE_PRODUCT.photography, Quantity: 1 }] },
        headers: { authorization: `Bearer ${bearer}`, 'idempotency-key': randomUUID() },
      });
      expect(created.statusCode).toBe(201);
      expect((await press(formsOf((await page(created.json().PaymentUrl)).body).Paga!)).statusCode).toBe(303);
      expect(await dbOrder(created.json().OrderId)).toMatchObject({ status: 'paid' });
      expect(
        await suite.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'order-receipt'))),
      ).toEqual([]);
    });

    it('applies one of two identical outcomes arriving at once', async () => {
      const seller = await newSeller('gemelli');
      const created = (
        await seller.order({
          PropertyId: seller.propertyId,
          ServiceProducts: [{ Id: SERVICE_PRODUCT.photography, Quantity: 1 }],
        })
      ).json();
      const paga = formsOf((await page(created.PaymentUrl)).body).Paga!;
      const answers = await Promise.all(Array.from({ length: 4 }, () => outcome(paga.fields)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(answers.map((a) => a.json().Applied).sort()).toEqual([false, false, false, true]);
      expect(paidHook.calls.filter((c) => c.orderId === created.OrderId)).toEqual([
        { orderId: created.OrderId, statusInTx: 'paid' },
      ]);
    });

    it('after a refused payment goes back to step 28, and a new order can be paid', async () => {
      const seller = await newSeller('rifiutato');
      const body = { PropertyId: seller.propertyId, PlanType: PLAN_TYPE.flexible };
      const first = (await seller.order(body)).json();
      const refused = await press(formsOf((await page(first.PaymentUrl)).body)['Pagamento rifiutato']!);
      expect(refused.statusCode).toBe(303);
      expect(refused.headers.location).toBe(`/annuncio/vendocasa/${seller.propertyId}/28/${first.OrderId}`);
      expect((await seller.get(`/api/Order/${first.OrderId}`)).json()).toMatchObject({
        Status: 'failed',
        PaymentUrl: null,
        PaidAt: null,
      });
      expect((await page(first.PaymentUrl)).body).toContain('Pagamento non disponibile');

      // The retry is a new purchase (a new key): a new order and a new checkout.
      const retry = await seller.order(body);
      expect(retry.statusCode).toBe(201);
      const second = retry.json();
      expect(second.OrderId).not.toBe(first.OrderId);
      expect(second.PaymentUrl).not.toBe(first.PaymentUrl);
      expect((await press(formsOf((await page(second.PaymentUrl)).body).Paga!)).headers.location).toBe(
        `/annuncio/vendocasa/${seller.propertyId}/33/${second.OrderId}`,
      );
      expect((await seller.get(`/api/Order/${second.OrderId}`)).json().Status).toBe('paid');
      expect((await seller.get(`/api/Order/${first.OrderId}`)).json().Status).toBe('failed');
    });

    it('cancels an abandoned payment and sends a landlord back to the rent wizard', async () => {
      const seller = await newSeller('annulla');
      const rent = await seller.listing(SELL_TYPE.rent);
      const created = (
        await seller.order({ PropertyId: rent, ServiceProducts: [{ Id: SERVICE_PRODUCT.paddle, Quantity: 2 }] })
      ).json();
      expect(created.AmountCents).toBe(2 * paddlePrice);
      const abandoned = await press(formsOf((await page(created.PaymentUrl)).body).Annulla!);
      expect(abandoned.headers.location).toBe(`/annuncio/affittocasa/${rent}/28/${created.OrderId}`);
      expect((await seller.get(`/api/Order/${created.OrderId}`)).json()).toMatchObject({
        Status: 'cancelled',
        PaymentUrl: null,
      });
    });

    it('refuses an outcome with a wrong signature or a wrong amount, and leaves the order pending', async () => {
      const seller = await newSeller('firma');
      const created = (await seller.order({ PropertyId: seller.propertyId, PlanType: PLAN_TYPE.flexible })).json();
      const paga = formsOf((await page(created.PaymentUrl)).body).Paga!;
      expectError(
        await outcome({ ...paga.fields, Signature: `${paga.fields.Signature!.slice(0, -2)}AA` }),
        'PaymentSignatureInvalid',
      );
      expectError(await outcome({ ...paga.fields, AmountCents: '1' }), 'PaymentSignatureInvalid');
      expectError(await outcome({ ...paga.fields, Outcome: 'paid', Timestamp: '1' }), 'PaymentSignatureInvalid');
      expectError(await outcome({}), 'PaymentSignatureInvalid');
      expectError(
        await suite.app.inject({
          method: 'POST',
          url: '/api/Payment/Outcome/offline',
          payload: '{"Reference":',
          headers: { 'content-type': 'application/json' },
        }),
        'MalformedRequest',
      );
      expectError(
        await suite.app.inject({
          method: 'POST',
          url: '/api/Payment/Outcome/offline',
          payload: 'x',
          headers: { 'content-type': 'text/plain' },
        }),
        'UnsupportedMediaType',
      );
      // Correctly signed, but not the order's amount (a bug or a stolen key): refused.
      const signer = createOfflineProvider({ key: suite.app.secrets.offlinePaymentKey });
      expectError(
        await outcome(signer.outcomeFields(paga.fields.Reference!, 'paid', created.AmountCents - 100, 'EUR')),
        'PaymentAmountMismatch',
      );
      expectError(
        await outcome(signer.outcomeFields(paga.fields.Reference!, 'paid', created.AmountCents, 'USD')),
        'PaymentAmountMismatch',
      );
      // Not the configured provider.
      expectError(
        await suite.app.inject({ method: 'POST', url: '/api/Payment/Outcome/stripe', payload: paga.fields }),
        'NotFound',
      );
      expectError(
        await suite.app.inject({ method: 'POST', url: '/api/Payment/Outcome/paypal', payload: paga.fields }),
        'ValidationError',
      );
      expect((await seller.get(`/api/Order/${created.OrderId}`)).json()).toMatchObject({
        Status: 'pending',
        PaymentUrl: created.PaymentUrl,
      });
      expect(paidHook.calls.filter((c) => c.orderId === created.OrderId)).toEqual([]);
    });

    it("keeps an order pending when its paid effects fail, so the provider's retry applies it", async () => {
      const seller = await newSeller('effetti');
      const created = (
        await seller.order({
          PropertyId: seller.propertyId,
          ServiceProducts: [{ Id: SERVICE_PRODUCT.renovation, Quantity: 1 }],
        })
      ).json();
      const paga = formsOf((await page(created.PaymentUrl)).body).Paga!;
      paidHook.fail = true;
      try {
        expectError(await outcome(paga.fields), 'InternalError');
      } finally {
        paidHook.fail = false;
      }
      expect(await dbOrder(created.OrderId)).toMatchObject({ status: 'pending', paidAt: null, paymentReference: null });
      expect((await outcome(paga.fields)).json()).toMatchObject({ Applied: true, Status: 'paid' });
    });

    it('keeps one pending order per listing: the same purchase answers it, another one replaces it', async () => {
      const seller = await newSeller('sostituito');
      const a = (await seller.order({ PropertyId: seller.propertyId, PlanType: PLAN_TYPE.flexible })).json();
      const aForms = formsOf((await page(a.PaymentUrl)).body);
      // The same purchase with a new key (another tab): the same order and page.
      const same = await seller.order({ PropertyId: seller.propertyId, PlanType: PLAN_TYPE.flexible });
      expect(same.statusCode).toBe(200);
      expect(same.json()).toMatchObject({ OrderId: a.OrderId, PaymentUrl: a.PaymentUrl });
      // Another purchase: the first order is cancelled, its page closed, its signed outcome ignored.
      const b = await seller.order({
        PropertyId: seller.propertyId,
        PlanType: PLAN_TYPE.flexible,
        ServiceProducts: [{ Id: SERVICE_PRODUCT.paddle, Quantity: 1 }],
      });
      expect(b.statusCode).toBe(201);
      expect((await seller.get(`/api/Order/${a.OrderId}`)).json()).toMatchObject({
        Status: 'cancelled',
        PaymentUrl: null,
      });
      expect(formsOf((await page(a.PaymentUrl)).body)).toEqual({});
      expect((await outcome(aForms.Paga!.fields)).json()).toMatchObject({ Applied: false, Status: 'cancelled' });
      expect(
        await suite.db
          .select()
          .from(orders)
          .where(and(eq(orders.propertyId, seller.propertyId), eq(orders.status, 'pending'))),
      ).toHaveLength(1);
      // Several different purchases at once: one order is left waiting, whichever came last.
      const racing = await Promise.all(
        [SERVICE_PRODUCT.paddle, SERVICE_PRODUCT.photography, SERVICE_PRODUCT.renovation].map((Id) =>
          seller.order({ PropertyId: seller.propertyId, ServiceProducts: [{ Id, Quantity: 1 }] }),
        ),
      );
      expect(racing.map((r) => r.statusCode)).toEqual([201, 201, 201]);
      const waiting = await suite.db
        .select()
        .from(orders)
        .where(and(eq(orders.propertyId, seller.propertyId), eq(orders.status, 'pending')));
      expect(waiting).toHaveLength(1);
      expect(waiting[0]!.checkoutReference).toMatch(/^off_/);
      // Choosing the free plan instead: paid at once, the pending one cancelled.
      const basic = (await seller.order({ PropertyId: seller.propertyId, PlanType: PLAN_TYPE.basic })).json();
      expect(basic.Status).toBe('paid');
      expect((await seller.get(`/api/Order/${b.json().OrderId}`)).json().Status).toBe('cancelled');
      expect(
        await suite.db
          .select()
          .from(orders)
          .where(and(eq(orders.propertyId, seller.propertyId), eq(orders.status, 'pending'))),
      ).toHaveLength(0);
    });

    it("sends a purchase made in MyRexer back to the service's page, paid or not, and one of several services to the listing's services", async () => {
      const seller = await newSeller('myrexer');
      await suite.db
        .update(properties)
        .set({ statusId: PROPERTY_STATUS.published })
        .where(eq(properties.id, seller.propertyId));
      const body = {
        PropertyId: seller.propertyId,
        ServiceProducts: [{ Id: SERVICE_PRODUCT.first_row, Quantity: 2 }],
        Origin: 'myrexer',
      };
      const first = (await seller.order(body)).json();
      expect(first).toMatchObject({ Status: 'pending', Origin: 'myrexer', AmountCents: 2 * firstRowPrice });
      const servicePage = (orderId: number) =>
        `/myrexer/annuncio/${seller.propertyId}/servizi/${SERVICE_PRODUCT.first_row}?ordine=${orderId}`;
      const refused = await press(formsOf((await page(first.PaymentUrl)).body)['Pagamento rifiutato']!);
      expect(refused.statusCode).toBe(303);
      expect(refused.headers.location).toBe(servicePage(first.OrderId));
      // The closed page of the refused order leads back there too.
      expect((await page(first.PaymentUrl)).body).toContain(`href="${servicePage(first.OrderId)}"`);

      const second = (await seller.order(body)).json();
      expect(second.OrderId).not.toBe(first.OrderId);
      const paid = await press(formsOf((await page(second.PaymentUrl)).body).Paga!);
      expect(paid.headers.location).toBe(servicePage(second.OrderId));
      const [listing] = await suite.db.select().from(properties).where(eq(properties.id, seller.propertyId));
      expect(listing!.highlightedUntil!.getTime()).toBeGreaterThan(Date.now() + 59 * 24 * 60 * 60 * 1000);
      // The owner's listing says how long each period lasts.
      expect((await seller.get(`/api/User/GetMyPropertyById/${seller.propertyId}`)).json()).toMatchObject({
        HighlightedUntil: listing!.highlightedUntil!.toISOString(),
        PremiumUntil: null,
      });

      // Several services at once: the listing's services page.
      const several = (
        await seller.order({
          PropertyId: seller.propertyId,
          ServiceProducts: [
            { Id: SERVICE_PRODUCT.paddle, Quantity: 1 },
            { Id: SERVICE_PRODUCT.photography, Quantity: 1 },
          ],
          Origin: 'myrexer',
        })
      ).json();
      expect((await press(formsOf((await page(several.PaymentUrl)).body).Annulla!)).headers.location).toBe(
        `/myrexer/annuncio/${seller.propertyId}/servizi?ordine=${several.OrderId}`,
      );
      // Without Origin an order is the wizard's, as before.
      const wizard = (
        await seller.order({
          PropertyId: seller.propertyId,
          ServiceProducts: [{ Id: SERVICE_PRODUCT.paddle, Quantity: 1 }],
        })
      ).json();
      expect(wizard.Origin).toBe('wizard');
      expect((await press(formsOf((await page(wizard.PaymentUrl)).body).Annulla!)).headers.location).toBe(
        `/annuncio/vendocasa/${seller.propertyId}/28/${wizard.OrderId}`,
      );
      expectError(await seller.order({ ...body, Origin: 'altrove' }), 'ValidationError');
    });

    it('lists the orders of a listing of mine, newest first, and nobody else’s', async () => {
      const seller = await newSeller('elenco');
      const none = await seller.get(`/api/Property/${seller.propertyId}/Orders`);
      expect(none.statusCode).toBe(200);
      expect(none.headers['cache-control']).toBe('no-store');
      expect(none.json()).toEqual({ Items: [] });
      const refused = (
        await seller.order({
          PropertyId: seller.propertyId,
          ServiceProducts: [{ Id: SERVICE_PRODUCT.photography, Quantity: 1 }],
          Origin: 'myrexer',
        })
      ).json();
      await press(formsOf((await page(refused.PaymentUrl)).body)['Pagamento rifiutato']!);
      const bought = (
        await seller.order({
          PropertyId: seller.propertyId,
          ServiceProducts: [{ Id: SERVICE_PRODUCT.photography, Quantity: 1 }],
          Origin: 'myrexer',
        })
      ).json();
      await press(formsOf((await page(bought.PaymentUrl)).body).Paga!);
      const waiting = (
        await seller.order({
          PropertyId: seller.propertyId,
          ServiceProducts: [{ Id: SERVICE_PRODUCT.paddle, Quantity: 3 }],
          Origin: 'myrexer',
        })
      ).json();
      const other = await seller.listing();
      await seller.order({ PropertyId: other, ServiceProducts: [{ Id: SERVICE_PRODUCT.renovation, Quantity: 1 }] });

      const listed = (await seller.get(`/api/Property/${seller.propertyId}/Orders`)).json();
      expect(listed.Items.map((o: { OrderId: number; Status: string }) => [o.OrderId, o.Status])).toEqual([
        [waiting.OrderId, 'pending'],
        [bought.OrderId, 'paid'],
        [refused.OrderId, 'failed'],
      ]);
      expect(listed.Items[0]).toMatchObject({
        PaymentUrl: waiting.PaymentUrl,
        ServiceProducts: [{ Id: SERVICE_PRODUCT.paddle, Quantity: 3, UnitPriceCents: paddlePrice }],
        Origin: 'myrexer',
      });
      expect(listed.Items[1].PaidAt).not.toBeNull();

      const stranger = await newSeller('estraneo');
      expectError(await stranger.get(`/api/Property/${seller.propertyId}/Orders`), 'ListingNotFound');
      expectError(await stranger.get('/api/Property/2147483000/Orders'), 'ListingNotFound');
      expectError(await suite.app.inject({ url: `/api/Property/${seller.propertyId}/Orders` }), 'MissingToken');
      await suite.db.update(properties).set({ statusId: PROPERTY_STATUS.deleted }).where(eq(properties.id, other));
      expectError(await seller.get(`/api/Property/${other}/Orders`), 'ListingNotFound');
    });

    it('sells sold guaranteed for a sale, never for a rent', async () => {
      const seller = await newSeller('garantito');
      const rent = await seller.listing(SELL_TYPE.rent);
      expectError(
        await seller.order({
          PropertyId: rent,
          ServiceProducts: [{ Id: SERVICE_PRODUCT.sold_guaranteed, Quantity: 1 }],
        }),
        'InvalidOrder',
      );
      expect(
        (
          await seller.order({
            PropertyId: seller.propertyId,
            ServiceProducts: [{ Id: SERVICE_PRODUCT.sold_guaranteed, Quantity: 1 }],
          })
        ).statusCode,
      ).toBe(201);
    });

    it("never shows or takes orders on another user's listing or order: 404, never 403", async () => {
      const owner = await newSeller('proprietario');
      const other = await newSeller('curioso');
      const created = (await owner.order({ PropertyId: owner.propertyId, PlanType: PLAN_TYPE.flexible })).json();
      expectError(await other.get(`/api/Order/${created.OrderId}`), 'OrderNotFound');
      expectError(await other.get('/api/Order/2147483647'), 'OrderNotFound');
      expectError(await other.order({ PropertyId: owner.propertyId, PlanType: PLAN_TYPE.basic }), 'PropertyNotFound');
      expectError(await other.order({ PropertyId: 2_147_483_000, PlanType: PLAN_TYPE.basic }), 'PropertyNotFound');
      // The owner's pending order was not touched by the attempt.
      expect((await owner.get(`/api/Order/${created.OrderId}`)).json()).toMatchObject({ Status: 'pending' });
      // A deleted listing takes no order, even from its owner.
      const gone = await owner.listing();
      await suite.db.update(properties).set({ statusId: PROPERTY_STATUS.deleted }).where(eq(properties.id, gone));
      expectError(await owner.order({ PropertyId: gone, PlanType: PLAN_TYPE.basic }), 'PropertyNotFound');
      // Without a login: nothing.
      expectError(await suite.app.inject({ url: `/api/Order/${created.OrderId}` }), 'MissingToken');
      expectError(
        await suite.app.inject({
          method: 'POST',
          url: '/api/Order',
          payload: { PropertyId: owner.propertyId, PlanType: 1 },
          headers: { 'idempotency-key': randomUUID() },
        }),
        'MissingToken',
      );
    });

    it('without a payment provider takes free orders only', async () => {
      const bare = await buildTestApp(suite.testDb, {
        env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000', PAYMENT_PROVIDER: 'none' },
      });
      try {
        const seller = await newSeller('senza', () => bare);
        expectError(
          await seller.order({ PropertyId: seller.propertyId, PlanType: PLAN_TYPE.flexible }),
          'PaymentProviderUnavailable',
        );
        expect(await suite.db.select().from(orders).where(eq(orders.userId, seller.id))).toHaveLength(0);
        expect((await seller.order({ PropertyId: seller.propertyId, PlanType: PLAN_TYPE.basic })).json()).toMatchObject(
          { Status: 'paid', AmountCents: 0 },
        );
        expect((await bare.inject({ url: '/pagamento/off_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' })).statusCode).toBe(404);
      } finally {
        await bare.close();
      }
    });

    it('answers hostile order bodies and outcomes with error bodies, never a 500, and changes nothing', async () => {
      const seller = await newSeller('fuzz');
      const created = (await seller.order({ PropertyId: seller.propertyId, PlanType: PLAN_TYPE.flexible })).json();
      const paga = formsOf((await page(created.PaymentUrl)).body).Paga!;
      const value = fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.integer(), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 6 }), fc.integer(), { maxKeys: 2 }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.record(
            {
              PropertyId: fc.oneof(value, fc.constant(seller.propertyId)),
              PlanType: value,
              ServiceProducts: fc.oneof(
                value,
                fc.array(fc.record({ Id: value, Quantity: value }, { requiredKeys: [] }), { maxLength: 4 }),
              ),
              AmountCents: value,
            },
            { requiredKeys: [] },
          ),
          async (body) => {
            const res = await seller.order(body);
            if (res.statusCode < 300) expect(res.json().AmountCents).toBeGreaterThanOrEqual(0);
            else expect(isErrorBody(res.json()), res.body).toBe(true);
            expect(res.statusCode).toBeLessThan(500);
          },
        ),
        { numRuns: 40 },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.record(
            {
              Reference: fc.oneof(value, fc.constant(paga.fields.Reference)),
              Outcome: fc.oneof(value, fc.constantFrom('paid', 'failed', 'abandoned')),
              AmountCents: value,
              Currency: value,
              Timestamp: value,
              Signature: value,
            },
            { requiredKeys: [] },
          ),
          async (fields) => {
            const res = await outcome(fields);
            expect(res.statusCode).toBe(400);
            expect(isErrorBody(res.json())).toBe(true);
          },
        ),
        { numRuns: 60 },
      );
      expect((await dbOrder(created.OrderId)).status).not.toBe('paid');
    });

    describe('with Stripe', () => {
      const WEBHOOK_SECRET = 'whsec_testRexerOrders1234567890';
      /** A stand-in for Stripe's API: sessions made, expired, or marked complete by the test. */
      const stripe = {
        server: undefined as Server | undefined,
        sessions: new Map<string, { status: string; amount: number; idempotencyKey: string; form: URLSearchParams }>(),
      };
      let stripeApp: FastifyInstance;

      beforeAll(async () => {
        stripe.server = createServer((req, res) => {
          let body = '';
          req.on('data', (chunk: Buffer) => (body += chunk.toString()));
          req.on('end', () => {
            const send = (status: number, value: unknown) =>
              res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
            if (req.headers.authorization !== 'Bearer sk_test_RexerOrders123')
              return send(401, { error: { code: 'api_key_invalid' } });
            const url = req.url ?? '';
            if (req.method === 'POST' && url === '/v1/checkout/sessions') {
              const form = new URLSearchParams(body);
              let amount = 0;
              for (let i = 0; form.has(`line_items[${i}][quantity]`); i += 1)
                amount +=
                  Number(form.get(`line_items[${i}][quantity]`)) *
                  Number(form.get(`line_items[${i}][price_data][unit_amount]`));
              const id = `cs_test_${stripe.sessions.size + 1}`;
              stripe.sessions.set(id, {
                status: 'open',
                amount,
                idempotencyKey: String(req.headers['idempotency-key']),
                form,
              });
              return send(200, {
                id,
                object: 'checkout.session',
                url: `https://checkout.stripe.test/c/pay/${id}`,
                amount_total: amount,
                status: 'open',
              });
            }
            const match = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(url);
            const session = match ? stripe.sessions.get(match[1]!) : undefined;
            if (!session) return send(404, { error: { code: 'resource_missing' } });
            if (match![2] && req.method === 'POST') {
              if (session.status !== 'open') return send(400, { error: { code: 'checkout_session_not_expirable' } });
              session.status = 'expired';
            }
            return send(200, { id: match![1], object: 'checkout.session', status: session.status });
          });
        });
        for (let port = 4300 + Math.floor(Math.random() * 90); ; port += 1) {
          const listening = await new Promise<boolean>((resolve) => {
            stripe.server!.once('error', () => resolve(false));
            stripe.server!.listen(port, '127.0.0.1', () => resolve(true));
          });
          if (listening) break;
        }
        const { port } = stripe.server.address() as AddressInfo;
        stripeApp = await buildTestApp(suite.testDb, {
          env: {
            CAPTCHA: 'off',
            RATE_LIMIT_MAX: '0',
            LOGIN_RATE_LIMIT_MAX: '1000',
            PAYMENT_PROVIDER: 'stripe',
            STRIPE_SECRET_KEY: 'sk_test_RexerOrders123',
            STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
            STRIPE_API_URL: `http://127.0.0.1:${port}`,
            PUBLIC_URL: 'https://www.rexer.example',
          },
        });
      });
      afterAll(async () => {
        await stripeApp?.close();
        await new Promise((resolve) => stripe.server?.close(resolve));
      });

      function webhook(
        type: string,
        sessionId: string,
        amount: number,
        extra: Record<string, unknown> = {},
        secret = WEBHOOK_SECRET,
      ): Promise<LightMyRequestResponse> {
        const payload = JSON.stringify({
          id: `evt_${randomUUID().replaceAll('-', '')}`,
          object: 'event',
          type,
          data: {
            object: {
              id: sessionId,
              object: 'checkout.session',
              amount_total: amount,
              currency: 'eur',
              payment_status: 'paid',
              payment_intent: `pi_${sessionId}`,
              ...extra,
            },
          },
        });
        const t = Math.floor(Date.now() / 1000);
        return stripeApp.inject({
          method: 'POST',
          url: '/api/Payment/Outcome/stripe',
          payload,
          headers: {
            'content-type': 'application/json',
            'stripe-signature': `t=${t},v1=${stripeSignature(secret, t, payload)}`,
          },
        });
      }

      it('opens one Checkout Session per order and applies its signed webhook once', async () => {
        const seller = await newSeller('stripe', () => stripeApp);
        const key = randomUUID();
        const body = {
          PropertyId: seller.propertyId,
          PlanType: PLAN_TYPE.flexible,
          ServiceProducts: [{ Id: SERVICE_PRODUCT.publish_listing, Quantity: 1 }],
        };
        const answers = await Promise.all([seller.order(body, key), seller.order(body, key)]);
        const created = answers.find((a) => a.statusCode === 201)!.json();
        expect(answers.map((a) => a.json().PaymentUrl)).toEqual([created.PaymentUrl, created.PaymentUrl]);
        expect(created.PaymentUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
        const sessionId = created.PaymentUrl.split('/').pop()!;
        const session = stripe.sessions.get(sessionId)!;
        expect(stripe.sessions.size).toBe(1);
        expect(session.amount).toBe(flexiblePrice);
        expect(session.idempotencyKey).toMatch(new RegExp(`^rexer-order-${created.OrderId}-\\d+$`));
        expect(session.form.get('client_reference_id')).toBe(String(created.OrderId));
        expect(session.form.get('success_url')).toBe(
          `https://www.rexer.example/annuncio/vendocasa/${seller.propertyId}/33/${created.OrderId}`,
        );
        expect(session.form.get('cancel_url')).toBe(
          `https://www.rexer.example/annuncio/vendocasa/${seller.propertyId}/28/${created.OrderId}`,
        );
        expect(session.form.get('customer_email')).toMatch(/^stripe\./);
        // A purchase made in MyRexer comes back to the service's page, whatever the outcome.
        const fromMyRexer = (
          await seller.order({
            PropertyId: await seller.listing(),
            ServiceProducts: [{ Id: SERVICE_PRODUCT.upgrade, Quantity: 1 }],
            Origin: 'myrexer',
          })
        ).json();
        const myRexerSession = stripe.sessions.get(fromMyRexer.PaymentUrl.split('/').pop()!)!;
        expect(myRexerSession.form.get('success_url')).toBe(
          `https://www.rexer.example/myrexer/annuncio/${fromMyRexer.PropertyId}/servizi/${SERVICE_PRODUCT.upgrade}?ordine=${fromMyRexer.OrderId}`,
        );
        expect(myRexerSession.form.get('cancel_url')).toBe(myRexerSession.form.get('success_url'));

        expectError(
          await webhook('checkout.session.completed', sessionId, flexiblePrice, {}, 'whsec_someoneElsesSecret123'),
          'PaymentSignatureInvalid',
        );
        expectError(await webhook('checkout.session.completed', sessionId, flexiblePrice - 1), 'PaymentAmountMismatch');
        // A session still processing its payment: acknowledged, nothing changes.
        expect(
          (await webhook('checkout.session.completed', sessionId, flexiblePrice, { payment_status: 'unpaid' })).json(),
        ).toEqual({ Applied: false, OrderId: null, Status: null, ReturnUrl: null });
        const paid = await webhook('checkout.session.completed', sessionId, flexiblePrice);
        expect(paid.statusCode).toBe(200);
        expect(paid.json()).toMatchObject({ Applied: true, OrderId: created.OrderId, Status: 'paid' });
        expect(await dbOrder(created.OrderId)).toMatchObject({ status: 'paid', paymentReference: `pi_${sessionId}` });
        // Stripe sends again (and late, an expiry): 200, nothing changes.
        expect((await webhook('checkout.session.completed', sessionId, flexiblePrice)).json()).toMatchObject({
          Applied: false,
          Status: 'paid',
        });
        expect((await webhook('checkout.session.expired', sessionId, flexiblePrice)).json()).toMatchObject({
          Applied: false,
          Status: 'paid',
        });
        // An event of a session no order has (another integration on the account): acknowledged.
        expect((await webhook('checkout.session.completed', 'cs_test_unknown', 100)).json()).toMatchObject({
          Applied: false,
          OrderId: null,
        });
        // The offline provider's outcome route is closed while Stripe is configured.
        expectError(
          await stripeApp.inject({ method: 'POST', url: '/api/Payment/Outcome/offline', payload: {} }),
          'NotFound',
        );
      });

      it('expires the open session of a replaced order, and waits when the buyer already paid it', async () => {
        const seller = await newSeller('stripe-sostituito', () => stripeApp);
        const first = (await seller.order({ PropertyId: seller.propertyId, PlanType: PLAN_TYPE.flexible })).json();
        const firstSession = first.PaymentUrl.split('/').pop()!;
        const second = (
          await seller.order({
            PropertyId: seller.propertyId,
            ServiceProducts: [{ Id: SERVICE_PRODUCT.photography, Quantity: 1 }],
          })
        ).json();
        expect(stripe.sessions.get(firstSession)!.status).toBe('expired');
        expect((await seller.get(`/api/Order/${first.OrderId}`)).json().Status).toBe('cancelled');
        // Stripe's expiry event for the replaced session arrives later: nothing changes.
        expect((await webhook('checkout.session.expired', firstSession, flexiblePrice)).json()).toMatchObject({
          Applied: false,
          Status: 'cancelled',
        });

        // The buyer completed the second session, its webhook is not here yet: no third order.
        stripe.sessions.get(second.PaymentUrl.split('/').pop()!)!.status = 'complete';
        expectError(
          await seller.order({ PropertyId: seller.propertyId, PlanType: PLAN_TYPE.basic }),
          'PaymentInProgress',
        );
        expect((await seller.get(`/api/Order/${second.OrderId}`)).json().Status).toBe('pending');
        expect(
          (await webhook('checkout.session.completed', second.PaymentUrl.split('/').pop()!, second.AmountCents)).json(),
        ).toMatchObject({ Applied: true, Status: 'paid' });
      });

      it('answers 503 and charges nothing when Stripe is down; the same key retries', async () => {
        const seller = await newSeller('stripe-giu', () => stripeApp);
        const key = randomUUID();
        const body = { PropertyId: seller.propertyId, ServiceProducts: [{ Id: SERVICE_PRODUCT.paddle, Quantity: 1 }] };
        const listening = stripe.server!.address() as AddressInfo;
        await new Promise((resolve) => stripe.server!.close(resolve));
        try {
          expectError(await seller.order(body, key), 'PaymentProviderUnavailable');
        } finally {
          await new Promise<void>((resolve) => stripe.server!.listen(listening.port, '127.0.0.1', () => resolve()));
        }
        const retried = await seller.order(body, key);
        expect(retried.statusCode).toBe(200);
        expect(retried.json()).toMatchObject({ Status: 'pending', AmountCents: paddlePrice });
        expect(retried.json().PaymentUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
      });
    });
  },
);
