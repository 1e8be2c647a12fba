import { createFileRoute } from '@tanstack/react-router';
import { SavedSearchesPage } from '@/pages/saved-searches';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../config/route-static-data';

export const Route = createFileRoute('/_authenticated/myrexer/ricerche')({
  staticData: { homeTypes: ACCEPTS.seekers, defaultHomeType: HOME_TYPE.BUYER, requiresLogin: true },
  component: SavedSearchesPage,
});
