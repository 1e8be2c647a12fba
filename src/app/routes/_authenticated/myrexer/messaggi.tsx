import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '@/pages/messages';
import { ACCEPTS } from '../../../config/route-static-data';

/** `?thread={id}` opens that thread (a reload keeps it; the listing page links to it). */
export const Route = createFileRoute('/_authenticated/myrexer/messaggi')({
  staticData: { homeTypes: ACCEPTS.all, requiresLogin: true },
  validateSearch: (search: Record<string, unknown>): { thread?: number } => {
    const raw = search.thread;
    const id = typeof raw === 'string' && /^[0-9]{1,10}$/.test(raw) ? Number(raw) : raw;
    return typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? { thread: id } : {};
  },
  component: MessagesPage,
});
