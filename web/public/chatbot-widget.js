/* global window, document */
// The chatbot widget (docs/decisions.md, "The chatbot widget"). `<script src="…/chatbot-widget.js"
// data-chatbot-id="…" async>` gives the page a chat button in the corner that opens the bot's chat in a panel; a
// `.pipewise-chatbot[data-chatbot-id]` container shows the chat inline instead. The chat itself is our page
// /chat/{id} in an iframe, so no style or script of the host page reaches it; the button and panel live in a Shadow
// DOM for the same reason. No framework: this file is served as is.
(function () {
  var CLOSE_MESSAGE = 'pipewise:chat-close';
  var INLINE_HEIGHT = 560;

  if (window.pipewiseChatbot) {
    window.pipewiseChatbot.mount();
    return;
  }
  var script = document.currentScript;
  if (!script || !script.src) return;
  // The chat lives where this script comes from, whatever page embeds it.
  var origin = new URL(script.src).origin;
  // The chat page posts "close" to this page's origin only, so it is told which one that is.
  var embed = window.location.origin && window.location.origin !== 'null' ? window.location.origin : '';
  var bubbleBot = script.getAttribute('data-chatbot-id');
  var bubble = null;

  function chatFrame(chatbotId) {
    var frame = document.createElement('iframe');
    frame.src =
      origin + '/chat/' + encodeURIComponent(chatbotId) + (embed ? '?embed=' + encodeURIComponent(embed) : '');
    frame.title = 'Chat';
    frame.setAttribute('data-pipewise-chat-frame', '');
    return frame;
  }

  var css =
    ':host{all:initial}' +
    '.toggle{position:fixed;right:20px;bottom:20px;z-index:2147483000;width:56px;height:56px;border:0;' +
    'border-radius:50%;background:#4f46e5;color:#fff;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);' +
    'display:flex;align-items:center;justify-content:center}' +
    '.toggle:hover{background:#4338ca}.toggle:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}' +
    '.panel{position:fixed;right:20px;bottom:88px;z-index:2147483000;width:380px;height:600px;' +
    'max-height:calc(100vh - 108px);border-radius:16px;overflow:hidden;background:#fff;' +
    'box-shadow:0 10px 40px rgba(0,0,0,.3)}' +
    '.panel[hidden]{display:none}' +
    'iframe{display:block;width:100%;height:100%;border:0}' +
    '@media (max-width:480px){.panel{inset:0;width:100%;height:100%;max-height:none;border-radius:0}' +
    '.open .toggle{display:none}}';
  var chatIcon =
    '<svg aria-hidden="true" width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" ' +
    'stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 ' +
    '0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>';
  var closeIcon =
    '<svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" ' +
    'stroke-width="2" stroke-linecap="round"><path d="M18 6 6 18M6 6l12 12"/></svg>';

  function mountBubble(chatbotId) {
    var host = document.createElement('div');
    host.setAttribute('data-pipewise-chatbot', '');
    var root = host.attachShadow({ mode: 'open' });
    var wrap = document.createElement('div');
    var style = document.createElement('style');
    style.textContent = css;
    var toggle = document.createElement('button');
    toggle.type = 'button';
    toggle.className = 'toggle';
    var panel = document.createElement('div');
    panel.className = 'panel';
    panel.hidden = true;
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-label', 'Chat');
    wrap.appendChild(panel);
    wrap.appendChild(toggle);
    root.appendChild(style);
    root.appendChild(wrap);
    document.body.appendChild(host);

    var frame = null;
    function render(open) {
      panel.hidden = !open;
      wrap.className = open ? 'open' : '';
      toggle.setAttribute('aria-expanded', String(open));
      toggle.setAttribute('aria-label', open ? 'Close chat' : 'Open chat');
      toggle.innerHTML = open ? closeIcon : chatIcon;
    }
    function open() {
      // The chat (and its conversation) starts when the visitor first opens it.
      if (!frame) panel.appendChild((frame = chatFrame(chatbotId)));
      render(true);
      frame.focus();
    }
    function close() {
      if (panel.hidden) return;
      render(false);
      toggle.focus();
    }
    toggle.addEventListener('click', function () {
      if (panel.hidden) open();
      else close();
    });
    document.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') close();
    });
    render(false);
    bubble = {
      frame: function () {
        return frame;
      },
      close: close,
    };
  }

  function mount() {
    if (bubbleBot && !bubble && document.body) mountBubble(bubbleBot);
    var containers = document.querySelectorAll('.pipewise-chatbot[data-chatbot-id]');
    for (var i = 0; i < containers.length; i++) {
      var container = containers[i];
      if (container.querySelector('iframe[data-pipewise-chat-frame]')) continue;
      var frame = chatFrame(container.getAttribute('data-chatbot-id'));
      frame.style.cssText = 'display:block;width:100%;border:0;height:' + INLINE_HEIGHT + 'px';
      container.appendChild(frame);
    }
  }

  // Only our chat page, in the bubble's own frame, may close the panel.
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== origin || !data || data.type !== CLOSE_MESSAGE || !bubble) return;
    var frame = bubble.frame();
    if (frame && frame.contentWindow === event.source) bubble.close();
  });

  window.pipewiseChatbot = { mount: mount };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
  else mount();
})();
