import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { HomeChooserPage } from '@/pages/home-chooser';
import { ACCEPTS } from '../config/route-static-data';

const loginSearchSchema = z.object({
  login: z.coerce.number().int().optional().catch(undefined),
  redirect: z.string().max(2048).optional().catch(undefined),
});

/** The home type chooser. `login=1&redirect=...` is how protected pages ask for a login (the sessions release opens the login modal from it). */
export const Route = createFileRoute('/')({
  staticData: { homeTypes: ACCEPTS.chooser },
  validateSearch: loginSearchSchema,
  component: RouteComponent,
});

function RouteComponent() {
  return <HomeChooserPage />;
}
