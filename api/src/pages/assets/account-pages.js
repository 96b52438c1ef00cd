// The sign-in and mailing-list forms: posted with fetch so the XSRF header can be sent (every POST carries
// X-XSRF-TOKEN, copied from the XSRF-TOKEN cookie). Plain ES2017, no build step; texts come from data attributes.
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

  function post(url, fields) {
    return fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-XSRF-TOKEN': cookie('XSRF-TOKEN'),
        Accept: 'application/json',
      },
      body: new URLSearchParams(fields).toString(),
    }).then(function (response) {
      return response
        .json()
        .catch(function () {
          return {};
        })
        .then(function (body) {
          return { ok: response.ok, body: body || {} };
        });
    });
  }

  function show(status, kind, text) {
    status.textContent = text;
    status.className = 'form-status form-status--' + kind;
  }

  function busy(form, on) {
    var button = form.querySelector('button[type="submit"]');
    if (!button) return;
    button.disabled = on;
    if (on) button.setAttribute('aria-busy', 'true');
    else button.removeAttribute('aria-busy');
  }

  // ---- /signin/ ----
  var signin = document.querySelector('[data-signin]');
  if (signin) {
    var sendForm = signin.querySelector('[data-send-code]');
    var verifyForm = signin.querySelector('[data-verify-code]');
    var signOutForm = signin.querySelector('[data-sign-out]');
    var failed = signin.getAttribute('data-failed');

    if (sendForm && verifyForm) {
      var codeInput = verifyForm.querySelector('input[name="code"]');
      var verifyButton = verifyForm.querySelector('button[type="submit"]');
      var syncVerify = function () {
        codeInput.value = codeInput.value.replace(/\D/g, '').slice(0, 6);
        verifyButton.disabled = codeInput.value.length !== 6;
      };
      codeInput.addEventListener('input', syncVerify);
      syncVerify();

      // A captcha, when send_one_time_code asks for one (many codes were asked for this email): the offline sandbox's
      // 'I am human' box, or hCaptcha's widget. A token is good for one send.
      var captchaBox = sendForm.querySelector('[data-captcha]');
      var captchaWidget = sendForm.querySelector('[data-captcha-widget]');
      var sendButton = sendForm.querySelector('button[type="submit"]');
      var captcha = { needed: false, token: '' };
      var setToken = function (token) {
        captcha.token = token;
        sendButton.disabled = captcha.needed && !token;
      };
      var sandboxChallenge = function () {
        captchaWidget.textContent = '';
        var label = document.createElement('label');
        var box = document.createElement('input');
        box.type = 'checkbox';
        label.appendChild(box);
        label.appendChild(document.createTextNode(' I am human'));
        var note = document.createElement('span');
        note.className = 'form-status';
        note.setAttribute('role', 'status');
        captchaWidget.appendChild(label);
        captchaWidget.appendChild(note);
        box.addEventListener('change', function () {
          if (!box.checked) return setToken('');
          box.disabled = true;
          post(signin.getAttribute('data-captcha-solve'), { sitekey: signin.getAttribute('data-captcha-sitekey') })
            .then(function (result) {
              box.disabled = false;
              if (!result.ok || !result.body.token) {
                box.checked = false;
                return show(note, 'error', result.body.error || signin.getAttribute('data-captcha-failed'));
              }
              show(note, 'success', 'Verified');
              setToken(result.body.token);
            })
            .catch(function () {
              box.disabled = false;
              box.checked = false;
              show(note, 'error', signin.getAttribute('data-captcha-failed'));
            });
        });
      };
      var hcaptchaChallenge = function () {
        captchaWidget.textContent = '';
        var render = function () {
          window.hcaptcha.render(captchaWidget, {
            sitekey: signin.getAttribute('data-captcha-sitekey'),
            callback: setToken,
            'expired-callback': function () {
              setToken('');
            },
          });
        };
        if (window.hcaptcha) return render();
        window.checkoutSignInCaptchaReady = render;
        var script = document.createElement('script');
        script.src = 'https://js.hcaptcha.com/1/api.js?render=explicit&onload=checkoutSignInCaptchaReady';
        script.async = true;
        document.head.appendChild(script);
      };
      var askForCaptcha = function () {
        captcha.needed = true;
        captchaBox.hidden = false;
        setToken('');
        if (signin.getAttribute('data-captcha-mode') === 'hcaptcha') hcaptchaChallenge();
        else sandboxChallenge();
      };

      sendForm.addEventListener('submit', function (event) {
        event.preventDefault();
        var status = sendForm.querySelector(':scope > [role="status"]');
        var email = sendForm.querySelector('input[name="email"]').value.trim();
        if (captcha.needed && !captcha.token) return;
        var fields = { email: email };
        if (captcha.token) fields['h-captcha-response'] = captcha.token;
        busy(sendForm, true);
        show(status, 'pending', signin.getAttribute('data-sending'));
        post(sendForm.action, fields)
          .then(function (result) {
            if (result.ok && result.body.captcha) {
              show(status, 'error', result.body.error || failed);
              return askForCaptcha();
            }
            if (!result.ok) return show(status, 'error', result.body.error || failed);
            captcha.needed = false;
            captchaBox.hidden = true;
            setToken('');
            show(status, 'pending', '');
            verifyForm.querySelector('input[name="email"]').value = email;
            verifyForm.querySelector('[data-sent-to]').textContent = signin
              .getAttribute('data-sent')
              .replace('{email}', email);
            sendForm.hidden = true;
            verifyForm.hidden = false;
            codeInput.value = '';
            syncVerify();
            codeInput.focus();
          })
          .catch(function () {
            show(status, 'error', failed);
          })
          .then(function () {
            busy(sendForm, false);
            sendButton.disabled = captcha.needed && !captcha.token;
          });
      });

      verifyForm.addEventListener('submit', function (event) {
        event.preventDefault();
        var status = verifyForm.querySelector('[role="status"]');
        busy(verifyForm, true);
        post(verifyForm.action, {
          email: verifyForm.querySelector('input[name="email"]').value,
          code: codeInput.value,
          next: signin.getAttribute('data-next'),
        })
          .then(function (result) {
            if (!result.ok) {
              show(status, 'error', result.body.error || failed);
              codeInput.value = '';
              codeInput.focus();
              return;
            }
            // The wallet shows the tickets of a proven email, with or without an account (a transfer's recipient).
            if (result.body.has_account || result.body.next === signin.getAttribute('data-wallet')) {
              window.location.assign(result.body.next);
              return;
            }
            show(status, 'success', signin.getAttribute('data-no-account'));
            var link = document.createElement('a');
            link.href = result.body.next;
            link.textContent = signin.getAttribute('data-continue');
            status.appendChild(document.createTextNode(' '));
            status.appendChild(link);
          })
          .catch(function () {
            show(status, 'error', failed);
          })
          .then(function () {
            busy(verifyForm, false);
            syncVerify();
          });
      });

      verifyForm.querySelector('[data-change-email]').addEventListener('click', function () {
        verifyForm.hidden = true;
        sendForm.hidden = false;
        codeInput.value = '';
        show(verifyForm.querySelector('[role="status"]'), 'pending', '');
        sendForm.querySelector('input[name="email"]').focus();
      });
    }

    if (signOutForm) {
      signOutForm.addEventListener('submit', function (event) {
        event.preventDefault();
        busy(signOutForm, true);
        post(signOutForm.action, {})
          .then(function () {
            window.location.reload();
          })
          .catch(function () {
            busy(signOutForm, false);
          });
      });
    }
  }

  // ---- /mailing-list ----
  var list = document.querySelector('[data-mailing-list]');
  if (list) {
    list.addEventListener('submit', function (event) {
      event.preventDefault();
      var status = list.querySelector('[role="status"]');
      busy(list, true);
      post(list.action, { email: list.querySelector('input[name="email"]').value.trim() })
        .then(function (result) {
          if (result.ok) show(status, 'success', result.body.message);
          else show(status, 'error', result.body.error || list.getAttribute('data-failed'));
        })
        .catch(function () {
          show(status, 'error', list.getAttribute('data-failed'));
        })
        .then(function () {
          busy(list, false);
        });
    });
  }
})();
