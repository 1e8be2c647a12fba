/**
 * Every error the API answers, in one place: its number (ExceptionType), its name
 * (ExceptionTypeString, the key) and its HTTP status. The body is always
 * `{ ExceptionType, ExceptionTypeString }` (errors/error-body.ts).
 *
 * The spec fixes 10, 68, 96 and 97; the client reacts to them by number, so they never
 * change. The other numbers are ours, grouped by area; a number, once published, is never
 * reused for another meaning. Add new types at the end of their group.
 */
export const ERROR_CATALOGUE = {
  // 1-19: generic, produced by the HTTP layer for any route
  ValidationError: {
    type: 1,
    status: 400,
    description: 'The request does not match the route schema (params, query, body or headers).',
  },
  MalformedRequest: { type: 2, status: 400, description: 'The body could not be parsed (bad JSON, bad multipart).' },
  InvalidPortal: { type: 3, status: 400, description: 'A Portal header other than 5 was sent.' },
  NotFound: { type: 4, status: 404, description: 'No such route or resource.' },
  MethodNotAllowed: { type: 5, status: 405, description: 'The path exists, but not for this method.' },
  PayloadTooLarge: { type: 6, status: 413, description: 'The request body is larger than the route allows.' },
  UnsupportedMediaType: { type: 7, status: 415, description: 'The request Content-Type is not accepted by the route.' },
  TooManyRequests: {
    type: 8,
    status: 429,
    description: 'Rate limit exceeded for this client; retry after the Retry-After header.',
  },
  InternalError: { type: 9, status: 500, description: 'Unexpected failure; details are logged, never answered.' },
  /** Spec: password recovery answers 403 with type 10 when the email is not confirmed. */
  EmailNotConfirmed: { type: 10, status: 403, description: 'Password recovery for an email that was never confirmed.' },
  ServiceUnavailable: { type: 11, status: 503, description: 'A dependency (the database) is down.' },
  Unauthorized: { type: 12, status: 401, description: 'Authentication is required.' },
  Forbidden: { type: 13, status: 403, description: 'Authenticated, but not allowed to do this.' },
  Conflict: { type: 14, status: 409, description: 'The resource changed or already exists.' },
  InvalidStateTransition: {
    type: 15,
    status: 409,
    description: 'The state machine refuses this transition from the current state.',
  },
  NotAcceptable: { type: 16, status: 406, description: 'The requested representation cannot be produced.' },

  // 20-39: uploads and forms
  FileTooLarge: { type: 20, status: 413, description: 'An uploaded file is over the size limit.' },
  InvalidFileType: {
    type: 21,
    status: 415,
    description: 'An uploaded file is not of an accepted type (MIME type and content checked).',
  },
  MissingFile: { type: 22, status: 400, description: 'The upload has no file where one is required.' },
  TooManyFiles: { type: 23, status: 413, description: 'The upload has more files or fields than allowed.' },
  CaptchaFailed: { type: 24, status: 400, description: 'The captcha answer is missing or wrong.' },
  ImageTooLarge: {
    type: 25,
    status: 413,
    description: 'An uploaded picture has more pixels than the limit (refused before it is decoded).',
  },
  UploadBudgetExceeded: {
    type: 26,
    status: 429,
    description:
      "The account has had its budget of decoded image pixels for this minute (UPLOAD_PIXEL_BUDGET_MP_PER_MINUTE, less before the address is confirmed), or already has as many images in the server's line of image work as it may (IMAGE_WORK_PER_ACCOUNT, IMAGE_WORK_PER_ADDRESS for its address): nothing was decoded or stored; send it again after the Retry-After header.",
  },
  ImageWorkBusy: {
    type: 27,
    status: 503,
    description:
      "The server's line of image work is full (IMAGE_WORK_QUEUE_MAX images waiting): nothing was decoded or stored; send it again after the Retry-After header.",
  },
  StorageFull: {
    type: 28,
    status: 507,
    description:
      'The server has no room left where files are stored (its disk or quota is full): nothing was stored; the server goes on answering; try again later.',
  },

  // 40-59: login, registration and password
  WrongCredentials: { type: 40, status: 400, description: 'Login: unknown user or wrong password.' },
  InvalidPassword: { type: 41, status: 400, description: 'The password does not follow the password rule.' },
  UserNotConfirmed: {
    type: 42,
    status: 400,
    description: 'Login: the email is not confirmed yet; the body carries Token for a new confirmation mail.',
  },
  EmailIsUsedInSocialLogin: {
    type: 43,
    status: 400,
    description: 'The email belongs to an account created through social login.',
  },
  PasswordAttemptsExceeded: {
    type: 44,
    status: 400,
    description: 'Too many wrong passwords; the account is locked for a while.',
  },
  MailAlreadyRegistered: { type: 45, status: 400, description: 'Registration: the email already has an account.' },
  AlreadyConfirmedUser: { type: 46, status: 400, description: 'Confirm mail: the account was already confirmed.' },
  UserNotFound: { type: 47, status: 404, description: 'No user is associated with this email or id.' },
  InvalidToken: { type: 48, status: 400, description: 'A confirmation, reset or login token is unknown or used.' },
  ExpiredToken: { type: 49, status: 400, description: 'A confirmation, reset or login token has expired.' },
  TermsNotAccepted: { type: 50, status: 400, description: 'Terms and privacy must be accepted.' },
  PasswordTooWeak: {
    type: 51,
    status: 400,
    description: 'The password follows the rule but is common or easily guessed (offline strength check).',
  },
  PasswordBreached: {
    type: 52,
    status: 400,
    description: 'The password appears in a known data breach (PWNED_PASSWORDS_URL range service).',
  },
  PasswordAlreadySet: {
    type: 53,
    status: 409,
    description:
      "A first password is set only by a silent account that has none (the listing wizard's step 30); any other changes it with its current one or a recovery link.",
  },

  // 60-79: sessions and tokens
  MissingToken: { type: 60, status: 401, description: 'No bearer token where one is required.' },
  ExpiredUserToken: { type: 61, status: 401, description: 'The user token expired: log in again.' },
  ExpiredSessionToken: {
    type: 62,
    status: 401,
    description: 'The session token expired: trade the user token for a new one and retry once.',
  },
  InvalidAccessForRapidRegistration: {
    type: 63,
    status: 401,
    description: 'A rapid (silent) registration session tried a call it may not make.',
  },
  InvalidSessionToken: { type: 64, status: 401, description: 'The bearer token is malformed or unknown.' },
  RecentLoginRequired: {
    type: 65,
    status: 403,
    description:
      'A sensitive change (account deletion, phone) needs the password typed, or a social login, in the last 10 minutes.',
  },
  /** Spec: 401 with type 68, the account was suspended or deleted. */
  UserIsSuspendedOrDeleted: { type: 68, status: 401, description: 'The account was suspended or deleted.' },
  IPBanned: { type: 69, status: 429, description: 'This address is banned for a while after repeated abuse.' },

  // 100-119: search and listings
  InvalidSearch: {
    type: 100,
    status: 400,
    description: 'The search lacks what its type needs (a centre, a polygon, a place) or mixes contradictory filters.',
  },
  InvalidPolygon: {
    type: 101,
    status: 400,
    description: 'A drawn area crosses itself, has fewer than 3 or more than 200 points, or is larger than a region.',
  },
  InvalidCursor: {
    type: 102,
    status: 400,
    description: 'The page cursor is not one this search gave, or belongs to another sort.',
  },
  UnknownPlace: {
    type: 103,
    status: 404,
    description: 'The province, town, region, district or agency of the search does not exist.',
  },
  PropertyNotFound: { type: 104, status: 404, description: 'No published, suspended or sold listing has this id.' },
  PropertyDeleted: {
    type: 105,
    status: 410,
    description: 'The listing was deleted by its owner; similar listings are offered instead.',
  },
  DevelopmentNotFound: { type: 106, status: 404, description: 'No new development has this id.' },
  SearchTimeout: {
    type: 107,
    status: 503,
    description:
      'The search took longer than its time limit (SEARCH_TIMEOUT_MS) and was stopped: narrow it (a smaller area, fewer filters) or retry.',
  },

  // 120-139: favourites and saved searches
  SavedSearchNotFound: { type: 120, status: 404, description: 'No saved search of this user has this id.' },
  SavedSearchLimitReached: { type: 121, status: 409, description: 'A user keeps at most 50 saved searches.' },
  InvalidDeleteLink: {
    type: 122,
    status: 400,
    description: 'The delete link of an alert mail is malformed or not signed for this saved search.',
  },
  FavoriteLimitReached: { type: 123, status: 409, description: 'A visitor keeps at most 500 favourites.' },

  // 140-159: orders and payments
  OrderNotFound: { type: 140, status: 404, description: 'No order of this user has this id.' },
  IdempotencyKeyReused: {
    type: 141,
    status: 409,
    description: 'The Idempotency-Key was already used by this user for an order with another body.',
  },
  InvalidOrder: {
    type: 142,
    status: 400,
    description:
      'The order names a plan or service product that is unknown or not sold (an exclusive plan is a request, never an order), a quantity over its limit, a product that cannot go with a plan, or nothing at all.',
  },
  PaymentProviderUnavailable: {
    type: 143,
    status: 503,
    description:
      'No payment provider is configured, or the provider did not answer: nothing was charged, retry later with the same Idempotency-Key.',
  },
  PaymentSignatureInvalid: {
    type: 144,
    status: 400,
    description: 'A payment outcome without a valid signature of the provider, or signed too long ago.',
  },
  PaymentAmountMismatch: {
    type: 145,
    status: 400,
    description: "A payment outcome whose amount or currency is not the order's: refused, the order is unchanged.",
  },
  PaymentInProgress: {
    type: 146,
    status: 409,
    description:
      "The listing's previous order was already paid at the provider and its outcome has not arrived yet: wait for it instead of ordering again.",
  },
  OrderLimitReached: {
    type: 147,
    status: 429,
    description: 'A listing takes at most 20 new orders in 24 hours (free ones included): retry later.',
  },

  // 150-159: listing drafts and statuses (listing-drafts)
  InvalidStepAnswer: {
    type: 150,
    status: 400,
    description:
      "A wizard step's answer does not match the step (domain/wizard-steps.ts, isValidAnswer), or names a municipality or agency that does not exist.",
  },
  StepNotReachable: {
    type: 151,
    status: 409,
    description:
      "The wizard step is not on this listing's path yet: a step before it is incomplete, or it is not a step of this flow (canGoTo).",
  },
  ListingStatusChangeRefused: {
    type: 152,
    status: 409,
    description:
      'The listing status machine (machines/listing-status.machine.ts) refuses this change from the current status.',
  },
  ListingNotReadyToPublish: {
    type: 153,
    status: 409,
    description:
      'Publishing needs every step before the publication complete: the plan chosen, its order paid when it costs, the password set (isReadyToPublish).',
  },
  ListingNotEditable: {
    type: 154,
    status: 409,
    description: "A sold listing's answers no longer change, and it takes no new order.",
  },
  NoStepToGoBackTo: {
    type: 155,
    status: 409,
    description: 'Back has nowhere to go: the history is empty, or the step follows a payment or a publication.',
  },
  DraftLimitReached: {
    type: 156,
    status: 409,
    description: 'A user keeps at most 20 listings in the incomplete status.',
  },
  ListingTextHasLink: {
    type: 157,
    status: 400,
    description:
      "The title (step 16) or description (step 17) carries a link ('https://…', 'www', 'rexer.it', 'rexer punto it'): ads take no contact details (domain/listing/contact-details.ts).",
  },
  ListingTextHasEmail: {
    type: 158,
    status: 400,
    description:
      "The title (step 16) or description (step 17) carries an e-mail address ('a@b.it', 'a chiocciola b punto it'): ads take no contact details.",
  },
  ListingTextHasPhone: {
    type: 159,
    status: 400,
    description:
      'The title (step 16) or description (step 17) carries a phone number (a mobile, a landline or an international number, spaced or dotted too): ads take no contact details.',
  },

  // 160-179: the owner's listings and their media
  ListingNotFound: {
    type: 160,
    status: 404,
    description: "No listing of this user has this id: another user's, deleted, or never created (never told apart).",
  },
  MediaNotFound: { type: 161, status: 404, description: 'The listing has no media with this id.' },
  DepositAboveThreeMonths: {
    type: 163,
    status: 400,
    description:
      "A rent's security deposit (step 42) is more than three months of its rent (step 15), the most Italian law allows for a home: lower the deposit or raise the rent (domain/wizard-steps.ts, depositAboveLimit).",
  },
  CoverNotAPhoto: {
    type: 162,
    status: 400,
    description: 'Only a photo of the listing (a property or room image) can be its cover.',
  },

  // 170-178: valuations
  ValuationNotFound: {
    type: 170,
    status: 404,
    description:
      "No valuation of this session (its account, or its anonymous visitor) has this id: another's, or never made (never told apart).",
  },

  // 180-199: appointments (visits)
  AppointmentNotFound: {
    type: 180,
    status: 404,
    description:
      "No appointment of this user (as its buyer or as the listing's owner) has this id: another's, or never made (never told apart).",
  },
  AppointmentTransitionRefused: {
    type: 181,
    status: 409,
    description:
      'The appointment machine (machines/appointment.machine.ts) refuses this change from the current status, for this party (owner or buyer), slot or reason.',
  },
  AppointmentSlotTaken: {
    type: 182,
    status: 409,
    description:
      'The slot is already confirmed for another visit of this listing (a slot is confirmed once: appointments_confirmed_slot_uq).',
  },
  AppointmentAlreadyRequested: {
    type: 183,
    status: 409,
    description:
      'The buyer already has an open visit request (pending, confirmed or accepted with phone) for this listing.',
  },
  AppointmentSlotUnavailable: {
    type: 184,
    status: 400,
    description:
      "A slot is not one of the listing's free visit slots (VisitSlots: from tomorrow for 14 days, inside its visit windows, not confirmed for another visit), or, to confirm, not one of the request's slots or already past.",
  },
  AppointmentOwnListing: { type: 185, status: 409, description: "A visit to one's own listing cannot be requested." },
  InvalidVisitWindows: {
    type: 186,
    status: 400,
    description:
      'Visit windows: From before To, both on 30-minute steps (24:00 allowed as an end), at most 14, none overlapping another of the same weekday.',
  },
  AppointmentNotConfirmed: {
    type: 187,
    status: 409,
    description: 'The calendar file exists only for a confirmed visit.',
  },
  AppointmentOwnerPhoneMissing: {
    type: 188,
    status: 409,
    description: "Accepting with the phone number needs a phone number in the owner's profile.",
  },
  // 200-219: messages between a buyer and a listing's owner, and the live events stream
  ThreadNotFound: {
    type: 200,
    status: 404,
    description: "No message thread of this user has this id: another pair's, or never created (never told apart).",
  },
  MessageToOwnListing: {
    type: 201,
    status: 400,
    description:
      'A message about a listing goes to its owner: the owner cannot start a thread on their own listing (they answer the threads buyers opened, by ThreadId).',
  },
  MessageRateLimited: {
    type: 202,
    status: 429,
    description:
      'The sender has sent as many messages as allowed this minute (MESSAGE_RATE_LIMIT_PER_MINUTE, 20) or today (MESSAGE_RATE_LIMIT_PER_DAY, 200), counted in the database for every server: nothing was sent; send it again after the Retry-After header.',
  },
  EventStreamLimitReached: {
    type: 203,
    status: 429,
    description:
      'The user already has 5 event streams (GET /api/Events) open on this server: close one (another tab) first.',
  },
  // 220-229: an agency's page
  AgencyNotFound: { type: 220, status: 404, description: 'No agency has this slug.' },
  AgencyPhoneMissing: {
    type: 221,
    status: 404,
    description: 'The agency has no phone number to show: the page offers its message form instead.',
  },
  // 250-259: reviews of Rexer (/diconodinoi, site-reviews)
  SiteReviewNotFound: {
    type: 250,
    status: 404,
    description: 'The caller has written no review of Rexer yet, or (moderation) no review of Rexer has this id.',
  },
  SiteReviewExists: {
    type: 251,
    status: 409,
    description: 'The caller already wrote a review of Rexer (one per user): edit it with PUT instead.',
  },
  SiteReviewConsentRequired: {
    type: 252,
    status: 400,
    description:
      'A review of Rexer is published with the first name and town given: PublishConsent must be true to write or edit one.',
  },
  SiteReviewHasLink: {
    type: 253,
    status: 400,
    description: 'A review of Rexer holds a link (title, text, name or town): the ads’ rule, no contact details.',
  },
  SiteReviewHasEmail: {
    type: 254,
    status: 400,
    description: 'A review of Rexer holds an e-mail address (title, text, name or town).',
  },
  SiteReviewHasPhone: {
    type: 255,
    status: 400,
    description: 'A review of Rexer holds a phone number (title, text, name or town).',
  },
  SiteReviewNotPending: {
    type: 256,
    status: 409,
    description:
      'The review of Rexer is no longer waiting for moderation (another moderator decided, or its author is editing it): reload the list.',
  },
  SiteReviewChanged: {
    type: 257,
    status: 409,
    description:
      'Its author edited the review of Rexer after the moderator loaded it (the Version sent is not its UpdatedAt any more): nothing was decided; reload the list and read the new text.',
  },
  SiteReviewReservedName: {
    type: 258,
    status: 400,
    description:
      'The name or town to publish passes for Rexer or its staff ("Rexer", "Staff", "Moderatore", "Amministratore", "Admin", also spelled with accents, lookalike letters or digits): choose another.',
  },
  // 230-239: verified reviews of an agency
  ReviewNotAllowed: {
    type: 230,
    status: 403,
    description:
      'No interaction with this agency is recorded for the caller (a visit that took place with one of its listings, a valuation asked through it, an exclusive mandate to it), or the caller works for it.',
  },
  ReviewExists: {
    type: 231,
    status: 409,
    description: 'The caller already reviewed this agency: one review per user and agency, edited by PUT.',
  },
  ReviewNotFound: {
    type: 232,
    status: 404,
    description:
      "No review with this id that the caller may act on (another user's, or never written: never told apart).",
  },
  ReviewTextRefused: {
    type: 233,
    status: 400,
    description:
      'The text breaks the rules of ads: no link, e-mail address or phone number (domain/listing/contact-details.ts); the form says which.',
  },
  ReviewOwnNotReportable: { type: 234, status: 400, description: 'The author cannot report their own review.' },
  ReviewChanged: {
    type: 235,
    status: 409,
    description:
      'A moderator decided on another version of the review than the one now stored (its author edited it meanwhile): nothing was decided; load the queue again.',
  },
  AgencyNotReachable: {
    type: 222,
    status: 409,
    description:
      'The agency has no active account on Rexer to receive messages (GET /api/Agency/{slug} answers AcceptsMessages false): nothing was sent.',
  },
  MessageToOwnAgency: {
    type: 223,
    status: 400,
    description:
      "An agency's account cannot open a thread with its own agency: it answers the threads people began, by ThreadId.",
  },

  // 96-97: spec, registration web-account errors (the client shows the web-account error modal)
  WebAccountExists: {
    type: 96,
    status: 400,
    description: 'Registration: a web account already exists for these details on another portal.',
  },
  WebAccountCreationFailed: {
    type: 97,
    status: 400,
    description: 'Registration: no web account can be created for this address (a disposable e-mail provider).',
  },
} as const satisfies Record<string, { type: number; status: number; description: string }>;

export type ErrorName = keyof typeof ERROR_CATALOGUE;

export const ERROR_NAMES = Object.keys(ERROR_CATALOGUE) as [ErrorName, ...ErrorName[]];

/** The catalogue entry for a name. */
export function errorEntry(name: ErrorName): { type: number; status: number; description: string } {
  return ERROR_CATALOGUE[name];
}

/** The body every error answers. */
export function errorBody(name: ErrorName): { ExceptionType: number; ExceptionTypeString: ErrorName } {
  return { ExceptionType: ERROR_CATALOGUE[name].type, ExceptionTypeString: name };
}
