/**
 * The square-type sandbox's browser script (GET /ajax/checkout/checkout/javascript-square/): window.Square.payments
 * (appId, locationId).card() -> { attach(selector), tokenize() }, like Square's Web Payments SDK. It renders its own
 * labelled card fields in the given element and tokenises with POST /sandbox/square/tokenize (XSRF header from the
 * cookie, like every POST). Plain ES5, no build step.
 */
export const SQUARE_SANDBOX_SCRIPT = `(function () {
  'use strict';
  var uid = 0;
  function cookie(name) {
    var parts = document.cookie ? document.cookie.split('; ') : [];
    for (var i = 0; i < parts.length; i += 1) if (parts[i].indexOf(name + '=') === 0) return decodeURIComponent(parts[i].slice(name.length + 1));
    return '';
  }
  function field(container, id, label, autocomplete, inputmode) {
    var wrap = document.createElement('div');
    wrap.className = 'sq-sandbox-field';
    var l = document.createElement('label');
    l.setAttribute('for', id);
    l.textContent = label;
    var input = document.createElement('input');
    input.id = id;
    input.name = id;
    input.autocomplete = autocomplete;
    input.setAttribute('inputmode', inputmode);
    wrap.appendChild(l);
    wrap.appendChild(input);
    container.appendChild(wrap);
    return input;
  }
  function Card() { this.inputs = null; }
  Card.prototype.attach = function (selector) {
    var host = typeof selector === 'string' ? document.querySelector(selector) : selector;
    if (!host) return Promise.reject(new Error('Element not found: ' + selector));
    uid += 1;
    var box = document.createElement('div');
    box.className = 'sq-sandbox-card';
    var note = document.createElement('p');
    note.textContent = 'Sandbox card form (test numbers only)';
    box.appendChild(note);
    this.inputs = {
      number: field(box, 'sq-card-number-' + uid, 'Card number', 'cc-number', 'numeric'),
      expiry: field(box, 'sq-card-expiry-' + uid, 'Expiry (MM/YY)', 'cc-exp', 'numeric'),
      cvc: field(box, 'sq-card-cvc-' + uid, 'CVC', 'cc-csc', 'numeric'),
      postcode: field(box, 'sq-card-postcode-' + uid, 'Postcode', 'postal-code', 'text')
    };
    host.appendChild(box);
    return Promise.resolve();
  };
  Card.prototype.destroy = function () {};
  Card.prototype.tokenize = function () {
    var i = this.inputs;
    if (!i) return Promise.resolve({ status: 'Invalid', errors: [{ field: 'number', message: 'The card form is not attached' }] });
    var expiry = i.expiry.value.split('/');
    var body = new URLSearchParams({
      number: i.number.value,
      exp_month: (expiry[0] || '').trim(),
      exp_year: (expiry[1] || '').trim(),
      cvc: i.cvc.value,
      postcode: i.postcode.value
    }).toString();
    return fetch('/sandbox/square/tokenize', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-XSRF-TOKEN': cookie('XSRF-TOKEN'), Accept: 'application/json' },
      body: body
    }).then(function (response) {
      return response.json().then(function (json) {
        if (response.ok) return json;
        var message = json && json.error ? (typeof json.error === 'string' ? json.error : json.error.message) : 'Card details are not valid';
        return { status: 'Invalid', errors: [{ field: 'card', message: message }] };
      });
    });
  };
  window.Square = {
    payments: function (appId, locationId) {
      return {
        appId: appId,
        locationId: locationId,
        card: function () { return Promise.resolve(new Card()); },
        verifyBuyer: function () { return Promise.resolve({ token: 'sandbox-verified' }); }
      };
    }
  };
})();
`;
