// The message a visitor is writing to a listing's owner, kept in the tab's sessionStorage by
// listing, so a login, a registration in the same tab or a reload does not lose it.

export interface OwnerMessageDraft {
  text: string;
  /** The visitor pressed "Invia" before logging in: send it once logged in. */
  sendAfterLogin: boolean;
  /** The login the dialog asked for has just gone through: the dialog sends it as it opens. */
  sendNow: boolean;
}

const keyOf = (propertyId: number) => `rexer.owner-message.${propertyId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readOwnerMessageDraft(propertyId: number): OwnerMessageDraft | null {
  const raw = storage()?.getItem(keyOf(propertyId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<OwnerMessageDraft>;
    return {
      text: typeof value.text === 'string' ? value.text : '',
      sendAfterLogin: value.sendAfterLogin === true,
      sendNow: value.sendNow === true,
    };
  } catch {
    return null;
  }
}

export function saveOwnerMessageDraft(propertyId: number, draft: OwnerMessageDraft): void {
  try {
    storage()?.setItem(keyOf(propertyId), JSON.stringify(draft));
  } catch {
    // Full or refused: the text lives as long as the dialog.
  }
}

export function clearOwnerMessageDraft(propertyId: number): void {
  storage()?.removeItem(keyOf(propertyId));
}

/** The login asked for has gone through: the dialog opening next sends the kept text. */
export function markOwnerMessageToSend(propertyId: number): void {
  const draft = readOwnerMessageDraft(propertyId);
  if (draft) saveOwnerMessageDraft(propertyId, { ...draft, sendAfterLogin: true, sendNow: true });
}
