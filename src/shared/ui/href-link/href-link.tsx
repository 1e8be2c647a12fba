import { useNavigate } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

export type HrefLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * A link to a same-origin address known only at run time (an API's ready-made `Url`, a search's
 * query): an ordinary `<a>` for the server's page and for a new tab, followed by the router on a
 * plain click, so the app is not loaded again.
 */
export function HrefLink({ href, onClick, children, ...rest }: HrefLinkProps) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    if (!href.startsWith('/') || href.startsWith('//') || rest.target || rest.download !== undefined) return;
    event.preventDefault();
    void navigate({ href });
  };
  return (
    <a href={href} onClick={follow} {...rest}>
      {children}
    </a>
  );
}
