import { lazyRouteComponent } from '@tanstack/react-router';

/** The 404 page is rare: it loads when a visitor needs it, not with every first screen. */
export const NotFoundPage = lazyRouteComponent(() => import('@/pages/not-found'), 'NotFoundPage');
