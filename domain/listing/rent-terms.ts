// What a rent says beside its price: the lease offered, whether pets are welcome, and the furnishing
// (the furnishing_types reference list). The search filters a rent by them (domain/search.ts:
// Furnishing, Contracts, Pets); the names are in locales/it/search.json.

/** The lease types of a home in Italy: 1 free rent 4+4, 2 agreed rent 3+2, 3 temporary (up to 18 months), 4 for university students. */
export const CONTRACT_TYPE_IDS = [1, 2, 3, 4] as const;
export type ContractTypeId = (typeof CONTRACT_TYPE_IDS)[number];

/** Furnishing ids (furnishing_types): 1 furnished, 2 partly, 3 unfurnished, 4 the kitchen only. */
export const FURNISHING_IDS = [1, 2, 4, 3] as const;
export type FurnishingId = (typeof FURNISHING_IDS)[number];

/** The lease types by name. */
export const CONTRACT_TYPE = { free: 1, agreed: 2, temporary: 3, students: 4 } as const satisfies Record<
  string,
  ContractTypeId
>;
