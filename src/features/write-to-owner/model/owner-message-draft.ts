// The message a visitor is writing to a listing's owner (or to an agency), kept in the tab's
// sessionStorage by listing (or agency), so a login, a registration in the same tab or a
// reload does not lose it.

/** What a draft belongs to: a listing's id, or `agency-{slug}` for an agency (draftKeyOf). */
export type DraftKey = number | string;

export interface OwnerMessageDraft {
  text: string;
  /** The visitor pressed "Invia" before logging in: send it once logged in. */
  sendAfterLogin: boolean;
  /** The login the dialog asked for has just gone through: the dialog sends it as it opens. */
  sendNow: boolean;
}

const keyOf = (key: DraftKey) => `rexer.owner-message.${key}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readOwnerMessageDraft(key: DraftKey): OwnerMessageDraft | null {
  const raw = storage()?.getItem(keyOf(key));
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

export function saveOwnerMessageDraft(key: DraftKey, draft: OwnerMessageDraft): void {
  try {
    storage()?.setItem(keyOf(key), JSON.stringify(draft));
  } catch {
    // Full or refused: the text lives as long as the dialog.
  }
}

export function clearOwnerMessageDraft(key: DraftKey): void {
  storage()?.removeItem(keyOf(key));
}

/** The login asked for has gone through: the dialog opening next sends the kept text. */
export function markOwnerMessageToSend(key: DraftKey): void {
  const draft = readOwnerMessageDraft(key);
  if (draft) saveOwnerMessageDraft(key, { ...draft, sendAfterLogin: true, sendNow: true });
}
