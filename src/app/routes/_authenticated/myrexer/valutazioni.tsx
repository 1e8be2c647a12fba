import { createFileRoute } from '@tanstack/react-router';
import { MyValuationsPage } from '@/pages/my-valuations';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../config/route-static-data';

export const Route = createFileRoute('/_authenticated/myrexer/valutazioni')({
  staticData: { homeTypes: ACCEPTS.sellerBuyer, defaultHomeType: HOME_TYPE.SELLER, requiresLogin: true },
  component: MyValuationsPage,
});
