/**
 * The square-type sandbox's browser script (GET /ajax/checkout/checkout/javascript-square/): window.Square.payments
 * (appId, locationId).card() -> { attach(selector), tokenize() }, like Square's Web Payments SDK. It renders its own
 * labelled card fields in the given element (card number, then expiry and security code side by side, with the page's
 * field classes, as the sandbox card form draws them) and tokenises with POST /sandbox/square/tokenize (XSRF header
 * from the cookie, like every POST). Plain ES5, no build step.
 */
export const SQUARE_SANDBOX_SCRIPT = `(function () {
  'use strict';
  var uid = 0;
  function cookie(name) {
    var parts = document.cookie ? document.cookie.split('; ') : [];
    for (var i = 0; i < parts.length; i += 1) if (parts[i].indexOf(name + '=') === 0) return decodeURIComponent(parts[i].slice(name.length + 1));
    return '';
  }
  // The same markup, classes and labels as the page's sandbox card form (mf-payment's SandboxCardForm), so the
  // checkout's own field styles apply and both forms look alike. No postcode here: the form's billing postcode is it.
  function field(container, id, label, autocomplete, placeholder) {
    var wrap = document.createElement('div');
    wrap.className = 'field';
    var l = document.createElement('label');
    l.className = 'field__label';
    l.setAttribute('for', id);
    l.textContent = label;
    var input = document.createElement('input');
    input.className = 'field__input';
    input.id = id;
    input.name = id;
    input.type = 'text';
    input.required = true;
    input.autocomplete = autocomplete;
    input.setAttribute('inputmode', 'numeric');
    if (placeholder) input.placeholder = placeholder;
    wrap.appendChild(l);
    wrap.appendChild(input);
    container.appendChild(wrap);
    return input;
  }
  function Card() { this.inputs = null; this.box = null; }
  Card.prototype.attach = function (selector) {
    var host = typeof selector === 'string' ? document.querySelector(selector) : selector;
    if (!host) return Promise.reject(new Error('Element not found: ' + selector));
    uid += 1;
    var box = document.createElement('div');
    box.className = 'sq-sandbox-card';
    // Laid out as the card form's fieldset lays out its fields.
    box.style.display = 'flex';
    box.style.flexDirection = 'column';
    box.style.gap = 'var(--s-3)';
    var note = document.createElement('p');
    note.className = 'field__hint';
    note.textContent = 'Test mode: no real card is charged.';
    box.appendChild(note);
    var number = field(box, 'sq-card-number-' + uid, 'Card number', 'cc-number', '');
    var row = document.createElement('div');
    row.className = 'fields-row';
    box.appendChild(row);
    this.inputs = {
      number: number,
      expiry: field(row, 'sq-card-expiry-' + uid, 'Expiry date (MM/YY)', 'cc-exp', 'MM/YY'),
      cvc: field(row, 'sq-card-cvc-' + uid, 'Security code (CVC)', 'cc-csc', '')
    };
    host.appendChild(box);
    this.box = box;
    return Promise.resolve();
  };
  Card.prototype.destroy = function () {
    if (this.box && this.box.parentNode) this.box.parentNode.removeChild(this.box);
    this.box = null;
    this.inputs = null;
  };
  Card.prototype.tokenize = function () {
    var i = this.inputs;
    if (!i) return Promise.resolve({ status: 'Invalid', errors: [{ field: 'number', message: 'The card form is not attached' }] });
    var expiry = i.expiry.value.split('/');
    var body = new URLSearchParams({
      number: i.number.value,
      exp_month: (expiry[0] || '').trim(),
      exp_year: (expiry[1] || '').trim(),
      cvc: i.cvc.value
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
