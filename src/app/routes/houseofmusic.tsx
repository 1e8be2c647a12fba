import { createFileRoute } from '@tanstack/react-router';
import { HouseOfMusicPage } from '@/pages/house-of-music';
import { ACCEPTS } from '../config/route-static-data';

export const Route = createFileRoute('/houseofmusic')({
  staticData: { homeTypes: ACCEPTS.all },
  component: RouteComponent,
});

function RouteComponent() {
  return <HouseOfMusicPage />;
}
