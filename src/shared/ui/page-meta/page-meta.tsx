import { useLocation } from '@tanstack/react-router';
import { useSiteOrigin } from '@/shared/lib/site-url';

/** The picture a shared link shows (WhatsApp, social networks): 1200 × 630. */
export const SHARE_IMAGE = { path: '/og/rexer.png', width: 1200, height: 630 } as const;

export interface PageMetaProps {
  title: string;
  description?: string;
  /** Pages that must not be indexed (personal links, errors, account pages). */
  noindex?: boolean;
  /** The picture of a shared link when the page has its own (a listing's cover); Rexer's otherwise. */
  image?: { url: string; width?: number | null; height?: number | null } | null;
}

/**
 * A page's head: its title and description, its canonical address on the public origin, and
 * the Open Graph and Twitter card tags of a shared link. React places them in the document's
 * head, on the server and after every navigation alike.
 */
export function PageMeta({ title, description, noindex = false, image: ownImage }: PageMetaProps) {
  const origin = useSiteOrigin();
  const pathname = useLocation({ select: (location) => location.pathname });
  const url = `${origin}${pathname === '/' ? '/' : pathname.replace(/\/+$/, '')}`;
  const image = ownImage
    ? /^https?:\/\//.test(ownImage.url)
      ? ownImage.url
      : `${origin}${ownImage.url.startsWith('/') ? '' : '/'}${ownImage.url}`
    : `${origin}${SHARE_IMAGE.path}`;
  const size = ownImage ? { width: ownImage.width, height: ownImage.height } : SHARE_IMAGE;
  return (
    <>
      <title>{title}</title>
      {description ? <meta name="description" content={description} /> : null}
      {noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      {noindex ? null : <link rel="alternate" hrefLang="it" href={url} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="Rexer" />
      <meta property="og:locale" content="it_IT" />
      <meta property="og:title" content={title} />
      {description ? <meta property="og:description" content={description} /> : null}
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      {size.width ? <meta property="og:image:width" content={String(size.width)} /> : null}
      {size.height ? <meta property="og:image:height" content={String(size.height)} /> : null}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      {description ? <meta name="twitter:description" content={description} /> : null}
      <meta name="twitter:image" content={image} />
    </>
  );
}
