// The listing quality score the owner sees while writing (issue 12): 0-100 from the photos,
// the description's length, the floor plan, the energy certificate and the fields filled, with
// what to add next, best gain first. Pure: the server computes it from the draft (its media and
// answers) and answers it with the draft; the app translates the tip keys.

/** What the score reads. */
export interface QualityInput {
  /** Photos of the listing (property and room images). */
  photos: number;
  /** Characters of the description (trimmed). */
  descriptionLength: number;
  floorPlan: boolean;
  energyCertificate: boolean;
  /** Questions of the listing's path answered, out of `totalFields`. */
  filledFields: number;
  totalFields: number;
}

/** What to add next: keys the app translates (locales), never text. */
export const QUALITY_TIPS = [
  'addPhotos',
  'addMorePhotos',
  'writeDescription',
  'lengthenDescription',
  'addFloorPlan',
  'addEnergyCertificate',
  'fillFields',
] as const;
export type QualityTip = (typeof QUALITY_TIPS)[number];

export interface QualityScore {
  /** 0-100, whole. */
  score: number;
  /** What would raise the score, the largest gain first (ties in QUALITY_TIPS order); empty at 100. */
  next: QualityTip[];
}

/**
 * The weights (they sum to 100) and the targets that earn a part in full. Choice: photos weigh
 * most (listings with many photos are the ones opened), then the fields and the description;
 * each plan and certificate is a fixed part. Photos and description earn in proportion up to
 * their target.
 */
export const QUALITY_WEIGHTS = {
  photos: 35,
  description: 20,
  floorPlan: 10,
  energyCertificate: 10,
  fields: 25,
} as const;
export const QUALITY_TARGETS = { photos: 10, descriptionLength: 600 } as const;

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

export function qualityScore(input: QualityInput): QualityScore {
  const photoShare = clamp01(input.photos / QUALITY_TARGETS.photos);
  const descriptionShare = clamp01(input.descriptionLength / QUALITY_TARGETS.descriptionLength);
  const fieldShare = input.totalFields > 0 ? clamp01(input.filledFields / input.totalFields) : 1;
  const parts = {
    photos: QUALITY_WEIGHTS.photos * photoShare,
    description: QUALITY_WEIGHTS.description * descriptionShare,
    floorPlan: input.floorPlan ? QUALITY_WEIGHTS.floorPlan : 0,
    energyCertificate: input.energyCertificate ? QUALITY_WEIGHTS.energyCertificate : 0,
    fields: QUALITY_WEIGHTS.fields * fieldShare,
  };
  const score = Math.round(parts.photos + parts.description + parts.floorPlan + parts.energyCertificate + parts.fields);

  const gains: Array<{ tip: QualityTip; gain: number }> = [];
  if (photoShare < 1)
    gains.push({ tip: input.photos > 0 ? 'addMorePhotos' : 'addPhotos', gain: QUALITY_WEIGHTS.photos - parts.photos });
  if (descriptionShare < 1)
    gains.push({
      tip: input.descriptionLength > 0 ? 'lengthenDescription' : 'writeDescription',
      gain: QUALITY_WEIGHTS.description - parts.description,
    });
  if (!input.floorPlan) gains.push({ tip: 'addFloorPlan', gain: QUALITY_WEIGHTS.floorPlan });
  if (!input.energyCertificate) gains.push({ tip: 'addEnergyCertificate', gain: QUALITY_WEIGHTS.energyCertificate });
  if (fieldShare < 1) gains.push({ tip: 'fillFields', gain: QUALITY_WEIGHTS.fields - parts.fields });
  gains.sort((a, b) => b.gain - a.gain || QUALITY_TIPS.indexOf(a.tip) - QUALITY_TIPS.indexOf(b.tip));
  return { score, next: gains.map((g) => g.tip) };
}
