import { lazy, Suspense } from 'react';
import { LoginModal, TermsModal, UserBannedModal, WebAccountErrorModal } from '@/processes/session';
import { modalStore, useCurrentModal, type ModalRequest, type ModalStore } from '@/shared/lib/modal-store';

// Modals load when first opened: none of them is part of a page's first screen.
const CareersModal = lazy(() =>
  import('../careers-modal/careers-modal').then((module) => ({ default: module.CareersModal })),
);

/** The one place modals render: the store's current request, by kind. */
export function ModalHost({ store = modalStore }: { store?: ModalStore }) {
  const current = useCurrentModal(store);
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <ModalByKind request={current} onClose={() => store.close()} />
    </Suspense>
  );
}

function ModalByKind({ request, onClose }: { request: ModalRequest; onClose: () => void }) {
  switch (request.kind) {
    case 'careers':
      return <CareersModal onClose={onClose} />;
    case 'login':
      return (
        <LoginModal onClose={onClose} email={request.email} socialEmail={request.socialEmail} notice={request.notice} />
      );
    case 'terms':
      return <TermsModal />;
    case 'webAccountError':
      return <WebAccountErrorModal code={request.code} onClose={onClose} />;
    case 'userBanned':
      return <UserBannedModal onClose={onClose} />;
    default: {
      const exhaustive: never = request;
      return exhaustive;
    }
  }
}
