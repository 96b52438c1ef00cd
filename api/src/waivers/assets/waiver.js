// The waiver page (/activity-terms-and-conditions/{reference}/): shows each waiver's terms once DOMPurify has cleaned
// them (organisers' HTML is stored as given), and posts the signing forms with fetch so the XSRF header can be sent.
// The server answers with the page again; its <main> replaces ours. Plain ES2017, no build step.
(function () {
  'use strict';

  function cookie(name) {
    var prefix = name + '=';
    var parts = document.cookie ? document.cookie.split('; ') : [];
    for (var i = 0; i < parts.length; i += 1) {
      if (parts[i].indexOf(prefix) === 0) return decodeURIComponent(parts[i].slice(prefix.length));
    }
    return '';
  }

  function showTerms(root) {
    var blocks = root.querySelectorAll('[data-waiver-terms]');
    for (var i = 0; i < blocks.length; i += 1) {
      var source = blocks[i].getAttribute('data-html') || '';
      // The same forbidden tags as the checkout's SafeHtml (ORGANISER_HTML_FORBIDDEN_TAGS; signer-name.test.ts checks).
      blocks[i].innerHTML = window.DOMPurify
        ? window.DOMPurify.sanitize(source, {
            USE_PROFILES: { html: true },
            FORBID_TAGS: ['form', 'input', 'button', 'select', 'textarea', 'style'],
          })
        : '';
    }
  }

  function failed(form) {
    var page = document.querySelector('[data-waiver-page]');
    var status = form.querySelector('[role="status"]');
    var button = form.querySelector('button[type="submit"]');
    button.disabled = false;
    button.removeAttribute('aria-busy');
    status.textContent = page ? page.getAttribute('data-failed') : '';
    status.className = 'form-status form-status--error';
  }

  function replaceMain(text) {
    var next = new DOMParser().parseFromString(text, 'text/html');
    var fresh = next.querySelector('main');
    var main = document.querySelector('main');
    if (!fresh || !main) return false;
    while (main.firstChild) main.removeChild(main.firstChild);
    while (fresh.firstChild) main.appendChild(document.adoptNode(fresh.firstChild));
    document.title = next.title;
    start(main);
    var focus = main.querySelector('[data-focus]');
    if (focus) focus.focus();
    return true;
  }

  function bindForms(root) {
    var forms = root.querySelectorAll('form[data-waiver-sign]');
    for (var i = 0; i < forms.length; i += 1) {
      forms[i].addEventListener('submit', function (event) {
        event.preventDefault();
        var form = event.currentTarget;
        var button = form.querySelector('button[type="submit"]');
        button.disabled = true;
        button.setAttribute('aria-busy', 'true');
        fetch(form.action, {
          method: 'POST',
          credentials: 'same-origin',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            'X-XSRF-TOKEN': cookie('XSRF-TOKEN'),
            Accept: 'text/html',
          },
          body: new URLSearchParams(new FormData(form)).toString(),
        })
          .then(function (response) {
            return response.text().then(function (text) {
              // A refusal (400) is the page again with its message; anything that is not our page is a failure.
              if (response.status >= 500 || !replaceMain(text)) failed(form);
            });
          })
          .catch(function () {
            failed(form);
          });
      });
    }
  }

  function start(root) {
    showTerms(root);
    bindForms(root);
  }

  start(document);
})();
