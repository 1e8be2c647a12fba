// The visit a visitor is putting together on a listing's page, kept in the tab's
// sessionStorage by listing: a login, a registration (with its e-mail confirmation in the same
// tab) or a reload keeps it, and the dialog finds it again when it opens.

export interface VisitDraft {
  /** The picked starts (ISO instants), in the order picked. */
  slots: string[];
  message: string;
  phone: string;
  /** The visitor pressed "Invia richiesta" before logging in: send it once logged in. */
  sendAfterLogin: boolean;
  /** The login the dialog asked for has just gone through: the dialog sends it as it opens. */
  sendNow: boolean;
}

export const EMPTY_VISIT_DRAFT: VisitDraft = {
  slots: [],
  message: '',
  phone: '',
  sendAfterLogin: false,
  sendNow: false,
};

const keyOf = (propertyId: number) => `rexer.visit-draft.${propertyId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage switched off (a privacy setting): the draft lives as long as the dialog.
    return null;
  }
}

export function readVisitDraft(propertyId: number): VisitDraft | null {
  const raw = storage()?.getItem(keyOf(propertyId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<VisitDraft>;
    return {
      slots: Array.isArray(value.slots) ? value.slots.filter((slot): slot is string => typeof slot === 'string') : [],
      message: typeof value.message === 'string' ? value.message : '',
      phone: typeof value.phone === 'string' ? value.phone : '',
      sendAfterLogin: value.sendAfterLogin === true,
      sendNow: value.sendNow === true,
    };
  } catch {
    return null;
  }
}

export function saveVisitDraft(propertyId: number, draft: VisitDraft): void {
  try {
    storage()?.setItem(keyOf(propertyId), JSON.stringify(draft));
  } catch {
    // Full or refused: nothing more to do.
  }
}

export function clearVisitDraft(propertyId: number): void {
  storage()?.removeItem(keyOf(propertyId));
}

/** The login asked for has gone through: the dialog opening next sends the kept request. */
export function markVisitDraftToSend(propertyId: number): void {
  const draft = readVisitDraft(propertyId);
  if (draft) saveVisitDraft(propertyId, { ...draft, sendAfterLogin: true, sendNow: true });
}
