/**
 * The chat with an agent (spec 1, R-1-30): its state (spec 3 "Chat state",
 * R-3-42) and its rules, apart from any vendor. chat-adapter.ts turns the
 * vendor's events into the verbs below and carries out what they ask of the
 * messenger.
 *
 * - The conversation opens 2 s after the messenger opens (R-4-upload-04, R-9-18).
 * - A booking made in the portal is announced in the conversation once
 *   (bookingCompleteMessageSent); made before the patient chats, it is
 *   announced when the conversation starts.
 * - Documents the patient uploads while chatting wait in uploadQueue and are
 *   passed one at a time: the first 3000 ms after it is queued (or after the
 *   conversation starts), each next one 1000 ms after the previous one went
 *   (R-4-upload-03, R-9-17); uploadCounter counts those passed. Uploads made
 *   when the patient is not chatting never reach the vendor.
 * - A booking request announced in the conversation is the chat's request
 *   (type CHAT). Its status becomes BOOKED when an agent has completed the
 *   booking (R-4-status-06): when the agent ends the conversation, the
 *   portal's own record of the request says so. A conversation cleared or
 *   invalidated hands the request back to the ordinary queue: type PATIENT
 *   (R-4-status-07). The reference API has no booking-request type and lets a
 *   patient set only CANCELED, so both stay in this store
 *   (docs/integrations-chat.md).
 */
import { atom, type WritableAtom } from 'nanostores';
import type { BookingRequestStatus } from '../../contract/booking-requests';

/** R-9-17: the first upload waits 3000 ms; each next one 1000 ms after the previous. */
export const CHAT_FIRST_UPLOAD_DELAY_MS = 3000;
export const CHAT_NEXT_UPLOAD_DELAY_MS = 1000;
/** R-9-18: the conversation opens 2 s after the messenger opens. */
export const CHAT_OPEN_CONVERSATION_DELAY_MS = 2000;

export interface ChatBookingRequest {
  status: 'PENDING' | 'BOOKED';
  /** CHAT while an agent handles it in the conversation, PATIENT otherwise. */
  type: 'CHAT' | 'PATIENT';
}

export interface ChatState {
  messengerOpen: boolean;
  conversationActive: boolean;
  bookingCompleteMessageSent: boolean;
  uploadQueue: readonly File[];
  uploadCounter: number;
  /** The booking request of the last booking, if it was one. */
  request: ChatBookingRequest | null;
}

export const INITIAL_CHAT_STATE: ChatState = {
  messengerOpen: false,
  conversationActive: false,
  bookingCompleteMessageSent: false,
  uploadQueue: [],
  uploadCounter: 0,
  request: null,
};

/** The chat's state, for whatever wants to show it; chat-adapter.ts drives it. */
export const $chat = atom<ChatState>(INITIAL_CHAT_STATE);

/** What the chat asks of the vendor's messenger. */
export interface ChatMessenger {
  open(): void;
  startConversation(): void;
  sendMessage(text: string): Promise<void>;
  /** Resolves when the file is in the conversation. */
  sendFile(file: File): Promise<void>;
}

export interface ChatDeps {
  messenger: ChatMessenger;
  /** The message texts (chat.* keys), in the portal's language. */
  text: (key: string, params?: Record<string, unknown>) => string;
  /** The portal's record of a booking request (the secured summary call). */
  requestStatus: (bookingKey: string) => Promise<BookingRequestStatus>;
}

export interface CreatedBooking {
  bookingKey: string;
  kind: 'appointment' | 'booking-request';
}

export type ChatEnd = 'cleared' | 'invalidated';

export interface ChatMachine {
  messengerOpened(): void;
  messengerClosed(): void;
  conversationStarted(): void;
  conversationEnded(reason: ChatEnd): void;
  agentDisconnected(): void;
  bookingCreated(booking: CreatedBooking): void;
  documentUploaded(file: File): void;
  /** Stops every timer (the page is leaving, or a test ends). */
  stop(): void;
}

export function createChatMachine(
  deps: ChatDeps,
  $state: WritableAtom<ChatState> = $chat,
): ChatMachine {
  let booking: CreatedBooking | null = null;
  let openTimer: ReturnType<typeof setTimeout> | undefined;
  let uploadTimer: ReturnType<typeof setTimeout> | undefined;
  let passing = false;
  /** A new conversation makes the answers of the previous one's calls stale. */
  let conversation = 0;

  const state = () => $state.get();
  const update = (change: Partial<ChatState>) => $state.set({ ...state(), ...change });
  const setRequest = (change: Partial<ChatBookingRequest>) => {
    const request = state().request;
    if (request) update({ request: { ...request, ...change } });
  };

  function announceBooking(): void {
    if (!booking || state().bookingCompleteMessageSent) return;
    update({ bookingCompleteMessageSent: true });
    setRequest({ type: 'CHAT' });
    const key =
      booking.kind === 'appointment' ? 'chat.booking_complete' : 'chat.booking_request_sent';
    void deps.messenger.sendMessage(deps.text(key)).catch(() => undefined);
  }

  function scheduleUpload(delay: number): void {
    if (uploadTimer !== undefined || passing) return;
    if (!state().conversationActive || state().uploadQueue.length === 0) return;
    uploadTimer = setTimeout(() => {
      uploadTimer = undefined;
      void passNextUpload();
    }, delay);
  }

  async function passNextUpload(): Promise<void> {
    const [file, ...rest] = state().uploadQueue;
    if (!file || !state().conversationActive) return;
    const current = conversation;
    passing = true;
    update({ uploadQueue: rest });
    try {
      await deps.messenger.sendFile(file);
      if (current !== conversation) return;
      const number = state().uploadCounter + 1;
      update({ uploadCounter: number });
      await deps.messenger.sendMessage(deps.text('chat.document_attached', { number }));
    } catch {
      // The vendor refused the file (attachments off, conversation over): the next one may pass.
    } finally {
      if (current === conversation) {
        passing = false;
        scheduleUpload(CHAT_NEXT_UPLOAD_DELAY_MS);
      }
    }
  }

  return {
    messengerOpened() {
      update({ messengerOpen: true });
      if (state().conversationActive) return;
      clearTimeout(openTimer);
      openTimer = setTimeout(() => {
        if (!state().conversationActive) deps.messenger.startConversation();
      }, CHAT_OPEN_CONVERSATION_DELAY_MS);
    },

    messengerClosed() {
      update({ messengerOpen: false });
    },

    conversationStarted() {
      clearTimeout(openTimer);
      if (state().conversationActive) return;
      conversation += 1;
      passing = false;
      update({ conversationActive: true });
      announceBooking();
      scheduleUpload(CHAT_FIRST_UPLOAD_DELAY_MS);
    },

    conversationEnded() {
      clearTimeout(openTimer);
      clearTimeout(uploadTimer);
      uploadTimer = undefined;
      conversation += 1;
      passing = false;
      update({ conversationActive: false, uploadQueue: [], uploadCounter: 0 });
      setRequest({ type: 'PATIENT' });
    },

    agentDisconnected() {
      const request = state().request;
      if (!booking || request?.type !== 'CHAT' || request.status === 'BOOKED') return;
      const { bookingKey } = booking;
      deps.requestStatus(bookingKey).then(
        (status) => {
          if (status === 'BOOKED' && booking?.bookingKey === bookingKey)
            setRequest({ status: 'BOOKED' });
        },
        () => undefined,
      );
    },

    bookingCreated(created) {
      if (booking?.bookingKey === created.bookingKey) return;
      booking = { bookingKey: created.bookingKey, kind: created.kind };
      update({
        bookingCompleteMessageSent: false,
        request: created.kind === 'booking-request' ? { status: 'PENDING', type: 'PATIENT' } : null,
      });
      if (state().conversationActive) announceBooking();
    },

    documentUploaded(file) {
      const { messengerOpen, conversationActive, uploadQueue } = state();
      if (!messengerOpen && !conversationActive) return;
      update({ uploadQueue: [...uploadQueue, file] });
      // The patient sees their document go into the conversation.
      if (!messengerOpen) deps.messenger.open();
      scheduleUpload(CHAT_FIRST_UPLOAD_DELAY_MS);
    },

    stop() {
      clearTimeout(openTimer);
      clearTimeout(uploadTimer);
      uploadTimer = undefined;
      conversation += 1;
    },
  };
}
