import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { downloadsQueryOptions, downloadUrl } from '@/shared/api';
import { ACCEPTS } from '../../config/route-static-data';

/** `?id=` (or `Id`): a document's id, digits only. */
function parseRouteLinkSearch(search: Record<string, unknown>): { id?: number } {
  const raw = search.id ?? search.Id;
  const text = typeof raw === 'number' ? String(raw) : raw;
  return typeof text === 'string' && /^\d{1,9}$/.test(text) ? { id: Number(text) } : {};
}

/**
 * The tracked link of a document (docs/spec.md: the PDF link): `/route/RouteLink?id={id}` sends
 * the browser to the document's file, counted as a download from the link; an unknown or missing
 * id is the not-found page. A full load of the file's address, not a page of the app.
 */
export const Route = createFileRoute('/route/RouteLink')({
  staticData: { homeTypes: ACCEPTS.all, header: 'hideAll' },
  validateSearch: parseRouteLinkSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context, deps }) => {
    if (deps.id === undefined) throw notFound();
    const documents = await context.queryClient.ensureQueryData(downloadsQueryOptions());
    if (!documents.some((document) => document.Id === deps.id)) throw notFound();
    throw redirect({ href: `${downloadUrl(deps.id)}?Source=link`, reloadDocument: true, statusCode: 302 });
  },
});
