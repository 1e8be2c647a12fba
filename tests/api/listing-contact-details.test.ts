import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { contactDetailIn } from '@domain/listing/contact-details';
import { STEPS, stepNumberOf } from '@domain/wizard-steps';
import { ANSWERS, SALE_ORDER } from '../../machines/testing/wizard-fixtures';
import { SELL_TYPE } from '../../server/db/reference-ids';
import { newDevelopments, properties } from '../../server/db/schema';
import { expectError, describeOnBackends, signedInUser } from './helpers';

// Security review, "seller text carries links into other people's mail": a listing's title
// (step 16) and description (step 17) take no link, e-mail address or phone number
// (domain/listing/contact-details.ts). The server refuses each with its own error, so the step
// says which, on a draft and on a published listing edited in place (the only route that
// writes either), and the demo market's own texts pass (the full seed: server/db/database.test.ts).

const REFUSED = [
  ['ListingTextHasLink', 'URGENTE: verifica il tuo account su https://rexer-verifica.example/login'],
  ['ListingTextHasLink', 'Foto e video su casabella punto it'],
  ['ListingTextHasEmail', 'Trilocale, scrivete a mario.rossi@gmail.com'],
  ['ListingTextHasEmail', 'Trilocale, mario chiocciola libero punto it'],
  ['ListingTextHasPhone', 'Trilocale, chiamate il 347 123 4567'],
  ['ListingTextHasPhone', 'Trilocale, 3 4 7 1 2 3 4 5 6 7'],
  // Security review: other domains, bracketed '(at)', other separators.
  ['ListingTextHasLink', 'Tutte le foto su linktr.ee/casabella'],
  ['ListingTextHasLink', 'Scrivetemi su telegram.me/casabella'],
  ['ListingTextHasEmail', 'Trilocale, scrivete a mario{at}gmail'],
  ['ListingTextHasEmail', 'Trilocale, scrivete a mario <at> gmail'],
  ['ListingTextHasPhone', 'Trilocale, chiamate il 347,123,4567'],
  ['ListingTextHasPhone', 'Trilocale, chiamate il 347 -- 123 -- 4567'],
] as const;

describeOnBackends(
  `Contact details in a listing's title and description`,
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const { backend } = suite;

    const db = () => suite.db;
    const json = (res: LightMyRequestResponse) => {
      expect([200, 201], res.body).toContain(res.statusCode);
      return res.json();
    };

    /** A confirmed seller with a sale answered up to `last` (the fixture's answers). */
    async function sellerWithSale(label: string, last: (typeof SALE_ORDER)[number]) {
      const { call } = await signedInUser(suite.app, suite.db, {
        email: `${label}.${backend.name}.${randomUUID().slice(0, 8)}@example.com`,
        remoteAddress: '10.15.0.1',
      });
      const id = json(await call('POST', '/api/Property/Draft', { SellType: SELL_TYPE.sale })).Id as number;
      for (const stepId of SALE_ORDER.filter((s) => s !== 'personalData' && s !== 'email')) {
        const answer =
          STEPS[stepId].kind === 'question' || STEPS[stepId].kind === 'loader'
            ? (ANSWERS as Record<string, unknown>)[stepId]
            : null;
        json(await call('PUT', `/api/Property/${id}/Draft/Step/${stepNumberOf(stepId)}`, { Answer: answer }));
        if (stepId === last) break;
      }
      return {
        id,
        call,
        save: (step: number, Answer: unknown, extra: object = {}) =>
          call('PUT', `/api/Property/${id}/Draft/Step/${step}`, { Answer, ...extra }),
        read: async () => json(await call('GET', `/api/Property/${id}/Draft`)),
      };
    }

    it('refuses a title with a link, an e-mail address or a phone number, each with its own error, and keeps the draft as it was', async () => {
      const seller = await sellerWithSale('titolo', 'price');
      const before = await seller.read();
      for (const [error, title] of REFUSED) expectError(await seller.save(16, { title }), error);
      const after = await seller.read();
      expect(after.UpdatedAt).toBe(before.UpdatedAt);
      expect(after.Answers.title).toBeUndefined();
      // Numbers that are no phone, and abbreviations, are a title like any other.
      const saved = json(await seller.save(16, { title: 'Trilocale 120 m² del 1970, P.zza Duomo n. 12, 250.000 €' }));
      expect(saved.Answers.title).toEqual({ title: 'Trilocale 120 m² del 1970, P.zza Duomo n. 12, 250.000 €' });
      for (const title of [
        'Via Roma 12, 20121 Milano: 3 camere, 2 bagni, 1 box',
        'Costruito nel 1965, ristrutturato nel 2019 · 1.200 m²',
      ]) {
        expect(json(await seller.save(16, { title })).Answers.title).toEqual({ title });
      }
    });

    it('refuses the same in a description, on a draft and on a published listing edited in place', async () => {
      const seller = await sellerWithSale('descrizione', 'valueLadder');
      for (const [error, text] of REFUSED)
        expectError(await seller.save(17, { description: `Luminoso trilocale al terzo piano.\n${text}` }), error);
      expect(json(await seller.call('PUT', `/api/Property/${seller.id}/Status`, { Status: 2 })).Status).toBe(2);
      // Published: the summary's «Modifica» saves step 17 again, under the same rule.
      expectError(
        await seller.save(17, { description: 'Nuova descrizione: info al 02 1234 5678' }, { CurrentStep: 27 }),
        'ListingTextHasPhone',
      );
      expectError(
        await seller.save(16, { title: 'Nuovo titolo: www.casabella.it' }, { CurrentStep: 27 }),
        'ListingTextHasLink',
      );
      const [row] = await db()
        .select({ title: properties.title, description: properties.description })
        .from(properties)
        .where(eq(properties.id, seller.id));
      expect(row).toEqual({ title: ANSWERS.title.title, description: ANSWERS.description.description });
      const edited = json(
        await seller.save(
          17,
          { description: 'Luminoso trilocale, ristrutturato nel 2019, 85 m², spese 120 €/mese.' },
          { CurrentStep: 27 },
        ),
      );
      expect(edited.Answers.description).toEqual({
        description: 'Luminoso trilocale, ristrutturato nel 2019, 85 m², spese 120 €/mese.',
      });
    });

    it('finds no contact detail in any title or description of the demo market (listings and new developments)', async () => {
      const listings = await db()
        .select({ id: properties.id, title: properties.title, description: properties.description })
        .from(properties);
      const developments = await db()
        .select({ id: newDevelopments.id, title: newDevelopments.name, description: newDevelopments.description })
        .from(newDevelopments);
      expect(listings.length).toBeGreaterThan(20);
      const flagged = [...listings, ...developments].flatMap((row) =>
        [row.title, row.description]
          .filter((text): text is string => text !== null && contactDetailIn(text) !== null)
          .map((text) => `${row.id}: ${text}`),
      );
      expect(flagged).toEqual([]);
    });
  },
);
