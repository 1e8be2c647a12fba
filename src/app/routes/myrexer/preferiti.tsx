import { createFileRoute } from '@tanstack/react-router';
import { FavoritesPage } from '@/pages/favorites';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';

/** Favourites: anonymous visitors allowed, so outside the protected layout. */
export const Route = createFileRoute('/myrexer/preferiti')({
  staticData: { homeTypes: ACCEPTS.seekers, defaultHomeType: HOME_TYPE.BUYER },
  component: FavoritesPage,
});
