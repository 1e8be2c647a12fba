import { z } from 'zod';

export const MyRexerOverview = z
  .object({
    VisitRequests: z.number().int().describe("Visit requests on the user's listings waiting for their answer."),
    UpcomingVisits: z.number().int().describe('Confirmed visits still to come, as visitor or as owner.'),
    UnreadMessages: z.number().int().describe('Messages of the threads of the user not read yet.'),
    DraftCount: z.number().int().describe('Listings in the wizard (status 1), a sale or a rent, not published yet.'),
    Drafts: z
      .array(
        z.object({
          Id: z.number().int(),
          SellType: z.union([z.literal(1), z.literal(2)]),
          Title: z.string().nullable().describe('The title, or the generated one; null before the locality.'),
          CurrentStep: z.number().int().nullable().describe('The wizard step the draft resumes at.'),
          UpdatedAt: z.iso.datetime(),
        }),
      )
      .describe('The three drafts changed last.'),
    SearchNews: z
      .array(z.object({ Id: z.number().int(), Name: z.string(), NewListings: z.number().int() }))
      .describe('The three saved searches that received listings most lately, with how many.'),
    SearchesWithNews: z.number().int().describe('Saved searches that received listings within SearchNewsDays.'),
    SearchNewsDays: z.number().int(),
  })
  .meta({ id: 'MyRexerOverview' });
