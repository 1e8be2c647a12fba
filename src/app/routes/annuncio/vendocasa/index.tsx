import { createFileRoute } from '@tanstack/react-router';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../config/route-static-data';

export const Route = createFileRoute('/annuncio/vendocasa/')({
  staticData: { homeTypes: ACCEPTS.seller, defaultHomeType: HOME_TYPE.SELLER, header: 'hideSticky' },
  component: WizardStep,
});

/** The layout route (vendocasa.tsx) draws the wizard; its step's URL draws nothing more. */
function WizardStep() {
  return null;
}
