/* global window, document */
// The form widget (decisions.md item 14): every `.pipewise-form[data-form-id]` container on the page gets an iframe
// of the form's public page (/forms/{id}), sized to its content. No framework: this file is served as is.
(function () {
  var HEIGHT_MESSAGE = 'pipewise:height';
  var MIN_HEIGHT = 120;
  var MAX_HEIGHT = 8000;
  var INITIAL_HEIGHT = 560;

  // Run again (the snippet pasted twice, a page that adds forms later): mount the new containers only.
  if (window.pipewiseForms) {
    window.pipewiseForms.mount();
    return;
  }
  var script = document.currentScript;
  if (!script || !script.src) return;
  // The form page lives where this script comes from, whatever page embeds it.
  var origin = new URL(script.src).origin;
  // The form page posts its height to this page's origin only, so it must be told which one that is.
  var embed = window.location.origin && window.location.origin !== 'null' ? window.location.origin : '';
  var frames = [];

  function mount() {
    var containers = document.querySelectorAll('.pipewise-form[data-form-id]');
    for (var i = 0; i < containers.length; i++) {
      var container = containers[i];
      var formId = container.getAttribute('data-form-id');
      if (!formId || container.querySelector('iframe[data-pipewise-form-frame]')) continue;
      var frame = document.createElement('iframe');
      frame.src =
        origin + '/forms/' + encodeURIComponent(formId) + (embed ? '?embed=' + encodeURIComponent(embed) : '');
      frame.title = 'Form';
      frame.setAttribute('data-pipewise-form-frame', '');
      frame.style.cssText = 'display:block;width:100%;border:0;background:transparent;height:' + INITIAL_HEIGHT + 'px';
      container.appendChild(frame);
      frames.push(frame);
    }
  }

  // Only our form page, in one of our own frames, may size that frame.
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

  window.pipewiseForms = { mount: mount };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
  else mount();
})();
