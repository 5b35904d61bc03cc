// A stand-in for a chat vendor's bootstrap script in the style of Genesys
// Cloud Web Messenger, served by chat.spec.ts from its own local origin. Like
// the real one, it takes over the global command function the portal
// installed (named by window._genesysJs, configured in .c, calls queued in
// .q) and answers commands with the events the vendor publishes. It records
// everything it is asked in window.__chatCalls, shows a launcher button and
// a small accessible conversation panel, and lets the test publish events
// (window.__fakeMessenger.publish).
(function () {
  const name = window._genesysJs || 'Genesys';
  const queue = window[name] || {};
  const listeners = new Map();
  const calls = [];
  window.__chatCalls = calls;

  const record = (entry) => calls.push(Object.assign({ at: Date.now() }, entry));
  /** What a command carried, as plain data (files by name, size and type). */
  const describe = (options) => {
    if (!options || !options.file) return options || {};
    return {
      file: Array.from(options.file).map((file) => ({
        name: file.name,
        size: file.size,
        type: file.type,
      })),
    };
  };

  let panel = null;
  let transcript = null;
  function show() {
    if (panel) {
      panel.hidden = false;
      return;
    }
    panel = document.createElement('section');
    panel.setAttribute('aria-label', 'Chat with us');
    panel.style.cssText =
      'position:fixed;right:16px;bottom:72px;width:280px;max-height:240px;overflow:auto;' +
      'background:#fff;color:#1a1a1a;border:1px solid #555;border-radius:8px;padding:8px 12px;' +
      'font:14px/1.4 system-ui,sans-serif;z-index:1000';
    const title = document.createElement('h2');
    title.textContent = 'Chat with us';
    title.style.cssText = 'font-size:16px;margin:0 0 4px';
    transcript = document.createElement('ol');
    transcript.setAttribute('aria-live', 'polite');
    transcript.style.cssText = 'margin:0;padding-left:18px';
    panel.append(title, transcript);
    document.body.append(panel);
  }
  function say(text) {
    if (!transcript) return;
    const item = document.createElement('li');
    item.textContent = text;
    transcript.append(item);
  }

  function publish(event, data) {
    record({ kind: 'event', name: event });
    for (const listener of listeners.get(event) || []) listener({ event, data });
  }

  const answers = {
    'Messenger.open': () => {
      show();
      publish('Messenger.opened');
    },
    'MessagingService.startConversation': () => {
      say('Conversation started.');
      publish('MessagingService.started', { newSession: true, readOnly: false });
    },
    'MessagingService.sendMessage': (options) => say(`You: ${options.message}`),
    'MessagingService.requestUpload': (options) => {
      say(`You uploaded ${options.file.length} file.`);
      publish('MessagingService.fileUploaded', { attachmentId: `a${calls.length}` });
    },
  };

  function messenger(type, what, options, resolved) {
    if (type === 'subscribe') {
      listeners.set(what, (listeners.get(what) || []).concat(options));
      return;
    }
    record({ kind: 'command', name: what, options: describe(options) });
    const answer = answers[what];
    if (answer) answer(options || {});
    if (typeof resolved === 'function') resolved();
  }

  window[name] = messenger;
  record({ kind: 'loaded', config: queue.c });
  for (const args of queue.q || []) messenger.apply(null, args);

  const launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.textContent = 'Chat with us';
  launcher.style.cssText =
    'position:fixed;right:16px;bottom:16px;padding:10px 16px;border:0;border-radius:20px;' +
    'background:#0b5cad;color:#fff;font:600 15px system-ui,sans-serif;z-index:1000';
  launcher.addEventListener('click', () => {
    show();
    publish('Messenger.opened');
  });
  document.body.append(launcher);

  window.__fakeMessenger = { publish };
})();
