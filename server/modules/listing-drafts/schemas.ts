import { z } from 'zod';
import { DEVICES } from '@domain/listing/device';
import { QUALITY_TIPS } from '@domain/listing/quality';
import { HISTORY_LIMIT } from '@domain/wizard-steps';
import { ListingParams, WizardPageInfo } from '../listing-media/schemas';
import { queryInt, SellTypeValue } from '../shared/query';

// The owner's drafts and listings (issue 12). The envelope is PascalCase as every call of the
// contract; a step's `Answer` is the step's answer exactly as domain/wizard-steps.ts types it
// (`AnswerTypes`, camelCase): the machine, the app and the server share that one definition and
// the server validates it with the same `isValidAnswer`, so no second schema of the 43 steps
// exists to drift from it.

export { ListingParams };

const StepNumber = z.number().int().min(0).max(46).describe('A wizard step (spec numbering 0-46).');

export const StepParams = z.object({
  id: ListingParams.shape.id,
  step: z.preprocess((v) => (typeof v === 'string' && /^\d{1,2}$/.test(v) ? Number(v) : v), StepNumber),
});

export const Device = z
  .enum(DEVICES)
  .describe('The device the step is saved from; without it, the one the User-Agent names.');

export const CreateDraftRequest = z
  .strictObject({
    SellType: SellTypeValue,
    Device: Device.optional(),
  })
  .meta({ id: 'CreateDraftRequest' });

export const SaveStepRequest = z
  .strictObject({
    Answer: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe(
        "The step's answer as domain/wizard-steps.ts types it (AnswerTypes[step], camelCase: { surfaceM2: 95 } for step 5); null for a step that only shows something (11, 26 ...).",
      ),
    CurrentStep: StepNumber.optional().describe(
      'Where the wizard goes once saved (the machine computes it: back to the summary after an edit). Without it, the next step of the flow. Must be reachable.',
    ),
    History: z
      .array(StepNumber)
      .max(HISTORY_LIMIT)
      .optional()
      .describe(
        'The trail once saved, oldest first (wizard-steps.ts forwardHistory). Without it, the server extends the stored one.',
      ),
    Device: Device.optional(),
  })
  .meta({ id: 'SaveStepRequest' });

export const MovePageRequest = z
  .strictObject({
    Move: z
      .enum(['resume', 'back', 'goto'])
      .describe(
        'resume: open the draft (on this device) where it stands; back: the previous step of the history; goto: a deep link to Step.',
      ),
    Step: StepNumber.optional().describe('goto only: the step to open.'),
    Device: Device.optional(),
  })
  .refine((body) => (body.Move === 'goto') === (body.Step !== undefined), {
    message: 'Step is given with goto, and only with it',
  })
  .meta({ id: 'MovePageRequest' });

export const DraftQuality = z
  .object({
    Score: z.number().int().min(0).max(100),
    Next: z
      .array(z.enum(QUALITY_TIPS))
      .describe('What would raise the score, largest gain first: keys the app translates.'),
  })
  .meta({
    id: 'DraftQuality',
    description:
      'The listing quality score (photos, description length, floor plan, energy certificate, questions answered).',
  });

const ListingStatus = z
  .literal([1, 2, 3, 4, 5])
  .describe('1 incomplete (a draft), 2 published, 3 suspended, 4 sold, 5 deleted');

export const ListingDraft = z
  .object({
    Id: z.number().int(),
    Status: ListingStatus,
    Flow: z.enum(['sale', 'rent', 'valuation']),
    SellType: SellTypeValue.nullable(),
    Account: z
      .enum(['silent', 'loggedIn'])
      .describe(
        'silent: the account the wizard created at step 1, without a password yet (publishing the basic plan needs step 30).',
      ),
    Answers: z
      .record(z.string(), z.unknown())
      .describe('Every answer saved, by step id (domain/wizard-steps.ts WizardAnswers).'),
    WizardPage: WizardPageInfo,
    WizardHistory: z.array(z.number().int()).describe('Steps visited, oldest first; Back pops it.'),
    ResumeStep: z
      .number()
      .int()
      .describe('Where the draft resumes: its first incomplete step (27 or 38 when complete).'),
    FirstIncompleteStep: z.number().int().nullable(),
    ExpectedPath: z
      .array(z.number().int())
      .describe('The steps of the path as far as the answers decide it (a progress indicator).'),
    ReadyToPublish: z.boolean(),
    GeneratedTitle: z
      .string()
      .nullable()
      .describe(
        "'Casa in vendita|affitto in {address} a {city}', without the address past 63 characters or when the listing hides it ('Casa in vendita a {city}'); null until the locality is known.",
      ),
    Quality: DraftQuality,
    Order: z
      .object({ Id: z.number().int(), Status: z.enum(['pending', 'paid', 'failed', 'cancelled', 'refunded']) })
      .nullable()
      .describe("The listing's latest order."),
    OrderPaid: z.boolean().describe('A paid order covers the plan and services chosen at step 28.'),
    UpdatedAt: z.iso.datetime(),
  })
  .meta({
    id: 'ListingDraft',
    description: 'One of my listings as the wizard works on it: its answers, where it stands, its title and quality.',
  });

export const StatusChangeRequest = z
  .strictObject({
    Status: z.literal([2, 3, 4, 5]).describe('2 publish or reactivate, 3 suspend, 4 mark sold, 5 delete'),
  })
  .meta({ id: 'StatusChangeRequest' });

export const MyListingItem = z
  .object({
    Id: z.number().int(),
    Status: ListingStatus,
    Origin: z.enum(['listing', 'valuation']),
    SellType: SellTypeValue.nullable(),
    Title: z.string().nullable().describe('The title of step 16, or the generated one.'),
    City: z.string().nullable(),
    ImageUrl: z
      .string()
      .nullable()
      .describe('The cover: the first listing image by position (the JPEG of the gallery size); null without photos.'),
    Price: z.number().int().nullable(),
    SurfaceM2: z.number().int().nullable(),
    PlanType: z.number().int().nullable(),
    CurrentStep: z.number().int().nullable().describe('A draft: the wizard step it stands at.'),
    Views: z
      .number()
      .int()
      .min(0)
      .describe('People who opened the public page (crawlers and the owner are not counted), all days together.'),
    FavoritesCount: z
      .number()
      .int()
      .describe(
        'Confirmed accounts other than the owner keeping it, as on the public page (an anonymous visitor’s favourite counts once it moves to a confirmed account).',
      ),
    VisitRequestsCount: z.number().int().describe('Visit requests (appointments) of any status.'),
    HighlightedUntil: z.iso.datetime().nullable(),
    PremiumUntil: z.iso.datetime().nullable(),
    CreatedAt: z.iso.datetime(),
    UpdatedAt: z.iso.datetime(),
    PublishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'MyListingItem', description: 'One of my listings in /myrexer/annunci.' });

export const MyListingsQuery = z.object({
  Status: z
    .preprocess((v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v), z.literal([1, 2, 3, 4]))
    .optional()
    .describe('Only this status; without it every status but deleted.'),
  AfterId: queryInt(1, 2_147_483_647).optional().describe('The NextAfterId of the previous page.'),
  Limit: queryInt(1, 50).optional().describe('At most this many (default 20).'),
});

export const MyListingsResponse = z
  .object({
    Items: z.array(MyListingItem).describe('Newest first.'),
    NextAfterId: z.number().int().nullable().describe('Pass as AfterId for the next page; null on the last.'),
  })
  .meta({ id: 'MyListingsResponse' });

export const DraftAgency = z
  .object({
    Id: z.number().int().describe('What step 44 stores (agencyChoice.agencyId).'),
    Name: z.string(),
    Slug: z.string().describe('Its page: /agenzie/{Slug}.'),
    CityName: z.string().nullable(),
    ProvinceCode: z.string().nullable(),
    LogoUrl: z.string().nullable(),
    DistanceM: z.number().int().describe("Metres from the home's position (the locality's pin), rounded to 100 m."),
    Rating: z.number().nullable().describe('Average of its approved verified reviews, 1.0-5.0; null without reviews.'),
    ReviewsCount: z.number().int(),
  })
  .meta({ id: 'DraftAgency', description: 'A partner agency offered at step 44.' });

export const DraftAgencies = z
  .object({
    Items: z
      .array(DraftAgency)
      .describe(
        'The partner agencies within RadiusM, nearest first, at most 20: the only ones step 44 accepts. Empty when none is within 120 km.',
      ),
    RadiusM: z
      .number()
      .int()
      .nullable()
      .describe('The first of 30, 60 and 120 km that holds a partner agency; null when none does.'),
    ProposedId: z
      .number()
      .int()
      .nullable()
      .describe(
        "Rexer's proposal (the seller lets Rexer choose): the best rated of the agencies at most 5 km farther than the nearest, then more reviews, then nearer.",
      ),
  })
  .meta({
    id: 'DraftAgencies',
    description: 'The partner agencies a seller may give the exclusive mandate to (step 44).',
  });
