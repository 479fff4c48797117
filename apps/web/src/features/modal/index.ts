/** The app's one routed modal (sign-in, sign-up and the other account dialogs). */
export { closeModal, openModal } from './modal.ts';
