export { modalStore, createModalStore, useCurrentModal, type ModalRequest, type ModalKind, type ModalStore } from './modal-store';
