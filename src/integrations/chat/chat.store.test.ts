import { atom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingRequestStatus } from '../../contract/booking-requests';
import {
  CHAT_FIRST_UPLOAD_DELAY_MS,
  CHAT_NEXT_UPLOAD_DELAY_MS,
  CHAT_OPEN_CONVERSATION_DELAY_MS,
  createChatMachine,
  INITIAL_CHAT_STATE,
  type ChatMachine,
  type ChatState,
} from './chat.store';

/** Everything the machine asked of the messenger, with the fake clock's time. */
function recordingMessenger() {
  const calls: { at: number; call: string; arg?: string }[] = [];
  let refuseFiles = false;
  const record = (call: string, arg?: string) => calls.push({ at: Date.now(), call, arg });
  return {
    calls,
    names: () => calls.map((entry) => (entry.arg ? `${entry.call} ${entry.arg}` : entry.call)),
    refuseFiles: () => void (refuseFiles = true),
    messenger: {
      open: () => record('open'),
      startConversation: () => record('startConversation'),
      sendMessage: async (text: string) => void record('sendMessage', text),
      sendFile: async (file: File) => {
        record('sendFile', file.name);
        if (refuseFiles) throw new Error('Sending attachments is disabled in the configuration');
      },
    },
  };
}

const file = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
const text = (key: string, params?: Record<string, unknown>) =>
  params ? `${key} ${JSON.stringify(params)}` : key;

let $state: ReturnType<typeof atom<ChatState>>;
let vendor: ReturnType<typeof recordingMessenger>;
let serverStatus: BookingRequestStatus;
let chat: ChatMachine;

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  $state = atom<ChatState>(INITIAL_CHAT_STATE);
  vendor = recordingMessenger();
  serverStatus = 'PENDING';
  chat = createChatMachine(
    { messenger: vendor.messenger, text, requestStatus: async () => serverStatus },
    $state,
  );
});

afterEach(() => {
  chat.stop();
  vi.useRealTimers();
});

/** The patient opened the messenger and the vendor started the conversation. */
async function chatting() {
  chat.messengerOpened();
  chat.conversationStarted();
  await vi.advanceTimersByTimeAsync(0);
}

describe('chat state (R-3-42): bookingCompleteMessageSent, uploadQueue, uploadCounter', () => {
  it('starts with no message sent, an empty queue and no upload counted', () => {
    expect($state.get()).toMatchObject({
      bookingCompleteMessageSent: false,
      uploadQueue: [],
      uploadCounter: 0,
    });
  });
});

describe('R-4-upload-04, R-9-18: the conversation opens 2 s after the messenger opens', () => {
  it('asks for the conversation 2000 ms after opening, not before', async () => {
    chat.messengerOpened();
    await vi.advanceTimersByTimeAsync(CHAT_OPEN_CONVERSATION_DELAY_MS - 1);
    expect(vendor.names()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(vendor.calls).toEqual([{ at: 2000, call: 'startConversation' }]);
  });

  it('does not ask when the vendor started the conversation in the meantime', async () => {
    chat.messengerOpened();
    await vi.advanceTimersByTimeAsync(500);
    chat.conversationStarted();
    await vi.advanceTimersByTimeAsync(5000);
    expect(vendor.names()).toEqual([]);
  });
});

describe('R-4-upload-03, R-9-17: uploads pass into the conversation after 3000 ms, then 1000 ms apart', () => {
  it('queues the documents and passes them in order: the first at 3000 ms, each next 1000 ms after', async () => {
    await chatting();
    chat.documentUploaded(file('referral.pdf'));
    chat.documentUploaded(file('page-2.png'));
    chat.documentUploaded(file('page-3.png'));
    expect($state.get().uploadQueue.map((item) => item.name)).toEqual([
      'referral.pdf',
      'page-2.png',
      'page-3.png',
    ]);
    await vi.advanceTimersByTimeAsync(CHAT_FIRST_UPLOAD_DELAY_MS - 1);
    expect(vendor.names()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1 + 2 * CHAT_NEXT_UPLOAD_DELAY_MS);
    expect(vendor.calls.filter((entry) => entry.call === 'sendFile')).toEqual([
      { at: 3000, call: 'sendFile', arg: 'referral.pdf' },
      { at: 4000, call: 'sendFile', arg: 'page-2.png' },
      { at: 5000, call: 'sendFile', arg: 'page-3.png' },
    ]);
    expect(vendor.names().filter((name) => name.startsWith('sendMessage'))).toEqual([
      'sendMessage chat.document_attached {"number":1}',
      'sendMessage chat.document_attached {"number":2}',
      'sendMessage chat.document_attached {"number":3}',
    ]);
    expect($state.get()).toMatchObject({ uploadQueue: [], uploadCounter: 3 });
  });

  it('a document uploaded later starts again with the 3000 ms delay', async () => {
    await chatting();
    chat.documentUploaded(file('referral.pdf'));
    await vi.advanceTimersByTimeAsync(10_000);
    chat.documentUploaded(file('report.pdf'));
    await vi.advanceTimersByTimeAsync(CHAT_FIRST_UPLOAD_DELAY_MS);
    expect(vendor.calls.filter((entry) => entry.call === 'sendFile').map((e) => e.at)).toEqual([
      3000, 13_000,
    ]);
  });

  it('an upload made before the conversation starts waits for it, then 3000 ms', async () => {
    chat.messengerOpened();
    chat.documentUploaded(file('referral.pdf'));
    await vi.advanceTimersByTimeAsync(CHAT_OPEN_CONVERSATION_DELAY_MS);
    expect(vendor.names()).toEqual(['startConversation']);
    chat.conversationStarted();
    await vi.advanceTimersByTimeAsync(CHAT_FIRST_UPLOAD_DELAY_MS);
    expect(vendor.calls.at(-2)).toEqual({ at: 5000, call: 'sendFile', arg: 'referral.pdf' });
  });

  it('a document the vendor refuses is not counted, and the next one still passes', async () => {
    await chatting();
    vendor.refuseFiles();
    chat.documentUploaded(file('a.pdf'));
    chat.documentUploaded(file('b.pdf'));
    await vi.advanceTimersByTimeAsync(CHAT_FIRST_UPLOAD_DELAY_MS + CHAT_NEXT_UPLOAD_DELAY_MS);
    expect(vendor.names()).toEqual(['sendFile a.pdf', 'sendFile b.pdf']);
    expect($state.get().uploadCounter).toBe(0);
  });

  it('uploads made while the patient is not chatting never reach the vendor', async () => {
    chat.documentUploaded(file('referral.pdf'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(vendor.names()).toEqual([]);
    expect($state.get().uploadQueue).toEqual([]);
  });

  it('with the conversation on but the messenger minimised, it opens so the patient sees the document go', async () => {
    await chatting();
    chat.messengerClosed();
    chat.documentUploaded(file('referral.pdf'));
    expect(vendor.names()).toEqual(['open']);
  });
});

describe('the booking-complete message is sent once per booking', () => {
  it('is sent when the booking is made during the conversation, and only once for that booking', async () => {
    await chatting();
    const booked = { bookingKey: 'K1', kind: 'appointment' } as const;
    chat.bookingCreated(booked);
    chat.bookingCreated(booked); // the element mounted again and repeated its event
    chat.conversationEnded('cleared');
    chat.conversationStarted();
    chat.bookingCreated(booked);
    await vi.advanceTimersByTimeAsync(0);
    expect(vendor.names()).toEqual(['sendMessage chat.booking_complete']);
    expect($state.get().bookingCompleteMessageSent).toBe(true);
  });

  it('made before the patient chats, it is sent when the conversation starts', async () => {
    chat.bookingCreated({ bookingKey: 'K1', kind: 'booking-request' });
    expect($state.get().bookingCompleteMessageSent).toBe(false);
    await chatting();
    expect(vendor.names()).toEqual(['sendMessage chat.booking_request_sent']);
    expect($state.get().bookingCompleteMessageSent).toBe(true);
  });

  it('a second booking is announced again', async () => {
    await chatting();
    chat.bookingCreated({ bookingKey: 'K1', kind: 'appointment' });
    chat.bookingCreated({ bookingKey: 'K2', kind: 'appointment' });
    expect(vendor.names()).toEqual([
      'sendMessage chat.booking_complete',
      'sendMessage chat.booking_complete',
    ]);
  });
});

describe('the chat booking request: BOOKED (R-4-status-06) and PATIENT (R-4-status-07)', () => {
  it("a request announced in the conversation is the chat's; BOOKED once the agent completed it", async () => {
    await chatting();
    chat.bookingCreated({ bookingKey: 'K1', kind: 'booking-request' });
    expect($state.get().request).toEqual({ status: 'PENDING', type: 'CHAT' });

    chat.agentDisconnected(); // the portal's record still says PENDING
    await vi.advanceTimersByTimeAsync(0);
    expect($state.get().request).toEqual({ status: 'PENDING', type: 'CHAT' });

    serverStatus = 'BOOKED';
    chat.agentDisconnected();
    await vi.advanceTimersByTimeAsync(0);
    expect($state.get().request).toEqual({ status: 'BOOKED', type: 'CHAT' });
  });

  it.each(['cleared', 'invalidated'] as const)(
    'a chat %s sets the request type to PATIENT and drops the documents still waiting',
    async (reason) => {
      await chatting();
      chat.bookingCreated({ bookingKey: 'K1', kind: 'booking-request' });
      chat.documentUploaded(file('referral.pdf'));
      chat.conversationEnded(reason);
      await vi.advanceTimersByTimeAsync(60_000);
      expect($state.get()).toMatchObject({
        request: { status: 'PENDING', type: 'PATIENT' },
        conversationActive: false,
        uploadQueue: [],
      });
      expect(vendor.names()).toEqual(['sendMessage chat.booking_request_sent']);
    },
  );

  it('a request that is not the chat’s (no conversation) is never checked, and an appointment has none', async () => {
    const requestStatus = vi.fn(async () => 'BOOKED' as const);
    const other = createChatMachine({ messenger: vendor.messenger, text, requestStatus }, $state);
    other.bookingCreated({ bookingKey: 'K1', kind: 'booking-request' });
    other.agentDisconnected();
    expect(requestStatus).not.toHaveBeenCalled();
    expect($state.get().request).toEqual({ status: 'PENDING', type: 'PATIENT' });
    other.bookingCreated({ bookingKey: 'K2', kind: 'appointment' });
    expect($state.get().request).toBeNull();
  });
});
