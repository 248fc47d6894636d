/* global window, document */
// The scheduling widget (decisions.md item 14): every `.pipewise-scheduling[data-user]` container on the page gets
// an iframe of the owner's booking page, sized to its content. No framework: this file is served as is.
(function () {
  var HEIGHT_MESSAGE = 'pipewise:height';
  var MIN_HEIGHT = 200;
  var MAX_HEIGHT = 4000;
  var INITIAL_HEIGHT = 480;

  // Run again (the snippet pasted twice, the app's own preview shown again): mount the new containers only.
  if (window.pipewiseScheduling) {
    window.pipewiseScheduling.mount();
    return;
  }
  var script = document.currentScript;
  if (!script || !script.src) return;
  // The booking page lives where this script comes from, whatever page embeds it.
  var origin = new URL(script.src).origin;
  // The booking page posts its height to this page's origin only, so it must be told which one that is.
  var embed = window.location.origin && window.location.origin !== 'null' ? window.location.origin : '';
  var frames = [];

  function mount() {
    var containers = document.querySelectorAll('.pipewise-scheduling[data-user]');
    for (var i = 0; i < containers.length; i++) {
      var container = containers[i];
      var userId = container.getAttribute('data-user');
      if (!userId || container.querySelector('iframe[data-pipewise]')) continue;
      var frame = document.createElement('iframe');
      frame.src = origin + '/book/' + encodeURIComponent(userId) + (embed ? '?embed=' + encodeURIComponent(embed) : '');
      frame.title = 'Book an appointment';
      frame.setAttribute('data-pipewise', '');
      frame.style.cssText = 'display:block;width:100%;border:0;height:' + INITIAL_HEIGHT + 'px';
      container.appendChild(frame);
      frames.push(frame);
    }
  }

  // Only our booking page, in one of our own frames, may size that frame.
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== origin || !data || data.type !== HEIGHT_MESSAGE) return;
    if (typeof data.height !== 'number' || !isFinite(data.height)) return;
    var height = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(data.height))) + 'px';
    for (var i = 0; i < frames.length; i++) {
      // A frame taken out of the page stays out of the list.
      if (!frames[i].isConnected) frames.splice(i--, 1);
      else if (frames[i].contentWindow === event.source && frames[i].style.height !== height)
        frames[i].style.height = height;
    }
  });

  window.pipewiseScheduling = { mount: mount };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
  else mount();
})();
