import type { Catalogue } from '../api/orders-api';

/** The catalogue as the seed answers it (server/db/seed/data/reference-lists.json), for tests. */
export const TEST_CATALOGUE: Catalogue = {
  Currency: 'EUR',
  Plans: [
    { Id: 1, Code: 'basic', Name: 'Base', Description: "Pubblichi l'annuncio gratis su Rexer e sui portali partner.", PriceCents: 0 },
    { Id: 2, Code: 'flexible', Name: 'Flessibile', Description: 'Per 90 giorni un consulente Rexer ti aiuta al telefono.', PriceCents: 19900 },
    { Id: 3, Code: 'exclusive', Name: 'Esclusiva', Description: 'Un consulente Rexer segue la tua casa in esclusiva.', PriceCents: 0 },
    { Id: 4, Code: 'exclusive_partner', Name: 'Esclusiva con partner', Description: "Un'agenzia partner di Rexer segue la tua casa.", PriceCents: 0 },
  ],
  ServiceProducts: [
    { Id: 7, Code: 'publish_listing', Name: "Pubblicazione dell'annuncio", Description: "L'annuncio online.", PriceCents: 0, MaxQuantity: 1, WithPlan: true },
    { Id: 1, Code: 'first_row', Name: 'In prima fila', Description: 'Per 30 giorni il tuo annuncio compare tra i primi risultati.', PriceCents: 3900, MaxQuantity: 6, WithPlan: true },
    { Id: 4, Code: 'photography', Name: 'Servizio fotografico', Description: 'Un fotografo professionista.', PriceCents: 14900, MaxQuantity: 1, WithPlan: true },
    { Id: 8, Code: 'upgrade', Name: 'Annuncio Premium', Description: "Per 30 giorni l'annuncio compare più grande.", PriceCents: 2900, MaxQuantity: 1, WithPlan: true },
    { Id: 3, Code: 'sold_guaranteed', Name: 'Venduto garantito', Description: 'Un consulente dedicato ti segue fino al rogito.', PriceCents: 149000, MaxQuantity: 1, WithPlan: true },
    { Id: 6, Code: 'paddle', Name: 'Cartello «Vendesi» o «Affittasi»', Description: 'Il cartello in forex.', PriceCents: 2490, MaxQuantity: 3, WithPlan: true },
    { Id: 5, Code: 'renovation', Name: 'Preventivo di ristrutturazione', Description: 'Un tecnico abilitato fa un sopralluogo.', PriceCents: 9900, MaxQuantity: 1, WithPlan: true },
    { Id: 9, Code: 'flexible', Name: 'Piano Flessibile', Description: 'Per un annuncio già pubblicato con il piano Base.', PriceCents: 19900, MaxQuantity: 1, WithPlan: false },
  ],
};
