/**
 * The chat, loaded on demand by ./index.ts when the provider configured a
 * deployment id (R-1-30, R-7-calls-55): loads the vendor's messenger, turns
 * its events into the chat store's verbs, carries out what the store asks
 * of the messenger with the vendor's commands, and feeds the store the
 * portal's bookings (the imaging-booking-created event) and the documents
 * the patient uploads (attachments.store).
 */
import { getBookingRequestSummary } from '../../api/booking-requests';
import type { IntegrationConfig } from '../../contract/portal';
import type { ImagingEventMap } from '../../element/events';
import { addFeatureTexts, t } from '../../i18n/i18n';
import { onDocumentSent } from '../../stores/attachments.store';
import { CHAT_TEXTS } from './chat-texts';
import { createChatMachine, type ChatMachine, type ChatMessenger } from './chat.store';
import { loadMessenger, type MessengerConnection } from './messenger-loader';

/** The vendor's command names (Genesys Cloud Messenger JavaScript SDK). */
export const COMMANDS = {
  open: 'Messenger.open',
  startConversation: 'MessagingService.startConversation',
  sendMessage: 'MessagingService.sendMessage',
  requestUpload: 'MessagingService.requestUpload',
} as const;

/** The vendor's events and what each means to the chat. */
const EVENTS: [event: string, apply: (machine: ChatMachine) => void][] = [
  ['Messenger.opened', (machine) => machine.messengerOpened()],
  ['Messenger.closed', (machine) => machine.messengerClosed()],
  ['MessagingService.started', (machine) => machine.conversationStarted()],
  ['MessagingService.restored', (machine) => machine.conversationStarted()],
  ['MessagingService.conversationReset', (machine) => machine.conversationStarted()],
  ['MessagingService.conversationCleared', (machine) => machine.conversationEnded('cleared')],
  ['MessagingService.sessionCleared', (machine) => machine.conversationEnded('invalidated')],
  ['MessagingService.conversationDisconnected', (machine) => machine.agentDisconnected()],
];

/** The vendor takes files as a FileList of one file. */
function fileList(file: File): FileList {
  const transfer = new DataTransfer();
  transfer.items.add(file);
  return transfer.files;
}

export function chatMessenger(connection: MessengerConnection): ChatMessenger {
  const ignore = () => undefined;
  return {
    open: () => void connection.command(COMMANDS.open).catch(ignore),
    startConversation: () => void connection.command(COMMANDS.startConversation).catch(ignore),
    sendMessage: async (message) => {
      await connection.command(COMMANDS.sendMessage, { message });
    },
    sendFile: async (file) => {
      await connection.command(COMMANDS.requestUpload, { file: fileList(file) });
    },
  };
}

let machine: ChatMachine | null = null;

/** Starts the chat once per page. */
export function connectChat(settings: IntegrationConfig, doc: Document = document): void {
  if (machine || !settings.chatDeploymentId) return;
  addFeatureTexts(CHAT_TEXTS);
  const connection = loadMessenger(settings, doc.defaultView ?? window);
  const chat = createChatMachine({
    messenger: chatMessenger(connection),
    text: t,
    requestStatus: async (bookingKey) => (await getBookingRequestSummary(bookingKey)).status,
  });
  machine = chat;
  for (const [event, apply] of EVENTS) connection.subscribe(event, () => apply(chat));
  doc.addEventListener('imaging-booking-created', (event) => {
    const detail = (event as CustomEvent<ImagingEventMap['imaging-booking-created']>).detail;
    chat.bookingCreated(detail);
  });
  onDocumentSent((file) => chat.documentUploaded(file));
}
