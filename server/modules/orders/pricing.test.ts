import { describe, expect, it } from 'vitest';
import lists from '../../db/seed/data/reference-lists.json';
import { PLAN_TYPE, SELL_TYPE, SERVICE_PRODUCT } from '../../db/reference-ids';
import { PRODUCT_RULES, priceOrder, requestHash } from './pricing';

const plans = lists.planTypes;
const products = lists.serviceProducts.map((p) => ({ ...p, active: true }));
const price = (request: Parameters<typeof priceOrder>[2]) => priceOrder(plans, products, request);

describe('order pricing', () => {
  it('adds the plan and the products from the catalogue, VAT included', () => {
    const flexible = plans.find((p) => p.id === PLAN_TYPE.flexible)!.priceCents;
    const firstRow = products.find((p) => p.id === SERVICE_PRODUCT.first_row)!.priceCents;
    const paddle = products.find((p) => p.id === SERVICE_PRODUCT.paddle)!.priceCents;
    const priced = price({
      PropertyId: 1,
      PlanType: PLAN_TYPE.flexible,
      ServiceProducts: [
        { Id: SERVICE_PRODUCT.paddle, Quantity: 2 },
        { Id: SERVICE_PRODUCT.first_row, Quantity: 1 },
      ],
    });
    expect(priced.amountCents).toBe(flexible + firstRow + 2 * paddle);
    expect(priced.items.map((i) => [i.serviceProductId, i.quantity, i.unitPriceCents])).toEqual([
      [SERVICE_PRODUCT.first_row, 1, firstRow],
      [SERVICE_PRODUCT.paddle, 2, paddle],
    ]);
    expect(price({ PropertyId: 1, PlanType: PLAN_TYPE.basic, ServiceProducts: [] }).amountCents).toBe(0);
    // The flexible plan sold as a product, later: the plan's price.
    expect(price({ PropertyId: 1, ServiceProducts: [{ Id: SERVICE_PRODUCT.flexible, Quantity: 1 }] }).amountCents).toBe(
      flexible,
    );
    const premium = products.find((p) => p.id === SERVICE_PRODUCT.upgrade)!.priceCents;
    expect(
      price({
        PropertyId: 1,
        PlanType: PLAN_TYPE.basic,
        ServiceProducts: [{ Id: SERVICE_PRODUCT.upgrade, Quantity: 1 }],
      }).amountCents,
    ).toBe(premium);
  });

  it('refuses what is not sold, too many, a later product with a plan, duplicates and empty orders', () => {
    const refused = (request: Parameters<typeof priceOrder>[2]) =>
      expect(() => price(request)).toThrow(expect.objectContaining({ type: 'InvalidOrder' }));
    refused({ PropertyId: 1, ServiceProducts: [] });
    refused({ PropertyId: 1, PlanType: 99, ServiceProducts: [] });
    refused({ PropertyId: 1, ServiceProducts: [{ Id: 2, Quantity: 1 }] });
    refused({ PropertyId: 1, ServiceProducts: [{ Id: SERVICE_PRODUCT.photography, Quantity: 2 }] });
    refused({ PropertyId: 1, ServiceProducts: [{ Id: SERVICE_PRODUCT.paddle, Quantity: 4 }] });
    refused({
      PropertyId: 1,
      PlanType: PLAN_TYPE.basic,
      ServiceProducts: [{ Id: SERVICE_PRODUCT.flexible, Quantity: 1 }],
    });
    refused({
      PropertyId: 1,
      PlanType: PLAN_TYPE.flexible,
      ServiceProducts: [{ Id: SERVICE_PRODUCT.flexible, Quantity: 1 }],
    });
    refused({
      PropertyId: 1,
      ServiceProducts: [
        { Id: SERVICE_PRODUCT.paddle, Quantity: 1 },
        { Id: SERVICE_PRODUCT.paddle, Quantity: 1 },
      ],
    });
    expect(() =>
      priceOrder(
        plans,
        products.map((p) => ({ ...p, active: p.id !== SERVICE_PRODUCT.renovation })),
        { PropertyId: 1, ServiceProducts: [{ Id: SERVICE_PRODUCT.renovation, Quantity: 1 }] },
      ),
    ).toThrow(expect.objectContaining({ type: 'InvalidOrder' }));
  });

  it('sells sold guaranteed for a sale only', () => {
    const request = {
      PropertyId: 1,
      PlanType: PLAN_TYPE.basic,
      ServiceProducts: [{ Id: SERVICE_PRODUCT.sold_guaranteed, Quantity: 1 }],
    };
    expect(() => priceOrder(plans, products, request, SELL_TYPE.rent)).toThrow(
      expect.objectContaining({ type: 'InvalidOrder' }),
    );
    expect(priceOrder(plans, products, request, SELL_TYPE.sale).items.map((i) => i.serviceProductId)).toEqual([
      SERVICE_PRODUCT.sold_guaranteed,
    ]);
    // Any other service goes with a rent too.
    expect(
      priceOrder(
        plans,
        products,
        { PropertyId: 1, ServiceProducts: [{ Id: SERVICE_PRODUCT.paddle, Quantity: 1 }] },
        SELL_TYPE.rent,
      ).items,
    ).toHaveLength(1);
  });

  it('has a rule for every product of the catalogue, and believable prices in euro cents', () => {
    for (const product of products) {
      expect(PRODUCT_RULES[product.id], product.code).toBeDefined();
      expect(
        Number.isInteger(product.priceCents) && product.priceCents >= 0 && product.priceCents < 1_000_000,
        product.code,
      ).toBe(true);
    }
    expect(plans.find((p) => p.code === 'basic')!.priceCents).toBe(0);
  });

  it('fingerprints a request whatever the order of its products', () => {
    const a = requestHash({
      PropertyId: 1,
      PlanType: 2,
      ServiceProducts: [
        { Id: 1, Quantity: 1 },
        { Id: 6, Quantity: 2 },
      ],
    });
    expect(
      requestHash({
        PropertyId: 1,
        PlanType: 2,
        ServiceProducts: [
          { Id: 6, Quantity: 2 },
          { Id: 1, Quantity: 1 },
        ],
      }),
    ).toBe(a);
    expect(
      requestHash({
        PropertyId: 1,
        PlanType: 2,
        ServiceProducts: [
          { Id: 6, Quantity: 1 },
          { Id: 1, Quantity: 1 },
        ],
      }),
    ).not.toBe(a);
    expect(
      requestHash({
        PropertyId: 2,
        PlanType: 2,
        ServiceProducts: [
          { Id: 1, Quantity: 1 },
          { Id: 6, Quantity: 2 },
        ],
      }),
    ).not.toBe(a);
    expect(requestHash({ PropertyId: 1, ServiceProducts: [] })).toBe(
      requestHash({ PropertyId: 1, PlanType: null, ServiceProducts: [] }),
    );
  });
});
