import type { MessageThread } from '@/entities/message';
import type { TFunction } from '@/shared/i18n';

// How a thread is named in the list and on top of it: a thread about a listing by the other
// person and the listing; a thread with an agency («Contatta l'agenzia») by the agency for the
// person who wrote to it, and by that person for the agency's account.

export interface ThreadPeople {
  /** Who the caller talks to. */
  name: string;
  /** The list's line under the name: the listing's title, or for a thread with an agency its name (the person's side: a fixed line). */
  title: string;
  /** The thread's heading: the listing's title or the agency's name. */
  heading: string;
  /** The listing's cover or the agency's logo. */
  picture: string | null;
  /** The agency of a thread with an agency. */
  agency: MessageThread['Agency'];
}

export function threadPeople(thread: MessageThread, t: TFunction): ThreadPeople {
  const person = thread.OtherPartyName ?? t('list.someone');
  const agency = thread.Agency ?? null;
  if (agency) {
    const ofAgency = thread.Role === 'buyer';
    return {
      name: ofAgency ? agency.Name : person,
      title: ofAgency ? t('list.agencyThread') : agency.Name,
      heading: agency.Name,
      picture: agency.LogoUrl,
      agency,
    };
  }
  return {
    name: person,
    title: thread.Property?.Title ?? '',
    heading: thread.Property?.Title ?? '',
    picture: thread.Property?.ImageUrl ?? null,
    agency: null,
  };
}

/** The line under the thread's heading: who the other side is. */
export function withLine(thread: MessageThread, name: string, t: TFunction): string {
  if (thread.Agency) {
    return thread.Role === 'buyer' ? t('thread.withAgency') : t('thread.withAgencyClient', { name });
  }
  return t(thread.Role === 'buyer' ? 'thread.withOwner' : 'thread.withBuyer', { name });
}
