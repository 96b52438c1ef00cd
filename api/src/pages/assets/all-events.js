// The events page's add-to-basket forms: posted with fetch so the XSRF header can be sent (spec 7: every POST carries
// X-XSRF-TOKEN, copied from the XSRF-TOKEN cookie). Plain ES2017, no build step.
(function () {
  'use strict';
  var FAILED = 'Sorry, that could not be added to your basket. Please try again.';

  function cookie(name) {
    var prefix = name + '=';
    var parts = document.cookie ? document.cookie.split('; ') : [];
    for (var i = 0; i < parts.length; i += 1) {
      if (parts[i].indexOf(prefix) === 0) return decodeURIComponent(parts[i].slice(prefix.length));
    }
    return '';
  }

  function show(status, kind, text, withCheckoutLink) {
    status.textContent = text;
    status.className = 'form-status form-status--' + kind;
    if (withCheckoutLink) {
      var link = document.createElement('a');
      link.href = '/checkout/';
      link.textContent = 'Go to checkout';
      status.appendChild(document.createTextNode(' '));
      status.appendChild(link);
    }
  }

  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-add-to-basket')) return;
    event.preventDefault();
    var status = form.querySelector('[role="status"]');
    var button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    show(status, 'pending', 'Adding to your basket…', false);
    fetch(form.action, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-XSRF-TOKEN': cookie('XSRF-TOKEN'),
        Accept: 'application/json',
      },
      body: new URLSearchParams(new FormData(form)).toString(),
    })
      .then(function (response) {
        return response
          .json()
          .catch(function () {
            return {};
          })
          .then(function (body) {
            if (response.ok && body.success) show(status, 'success', 'Added to your basket.', true);
            else show(status, 'error', (body && body.error) || FAILED, false);
          });
      })
      .catch(function () {
        show(status, 'error', FAILED, false);
      })
      .then(function () {
        button.disabled = false;
        button.removeAttribute('aria-busy');
      });
  });
})();
