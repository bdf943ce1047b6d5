// Payment sandbox: a stand-in for Stripe.js v3, served at <sandbox>/v3/. It offers the part of the
// API the shop uses: Stripe(key).elements().create("cardNumber" | "cardExpiry" | "cardCvc"),
// element.mount/on/destroy, and stripe.confirmCardPayment(clientSecret, { payment_method: { card } }).
// Real Elements live in iframes; these are plain inputs in the page, which is enough offline.
(function () {
  "use strict";
  var apiBase = new URL(document.currentScript.src).origin;
  var FIELDS = {
    cardNumber: { label: "Card number", placeholder: "1234 1234 1234 1234", autocomplete: "cc-number", inputmode: "numeric" },
    cardExpiry: { label: "Expiration date", placeholder: "MM / YY", autocomplete: "cc-exp", inputmode: "numeric" },
    cardCvc: { label: "CVC", placeholder: "CVC", autocomplete: "cc-csc", inputmode: "numeric" },
  };
  var INCOMPLETE = {
    cardNumber: ["incomplete_number", "Your card number is incomplete."],
    cardExpiry: ["incomplete_expiry", "Your card's expiration date is incomplete."],
    cardCvc: ["incomplete_cvc", "Your card's security code is incomplete."],
  };

  function isComplete(type, value) {
    var digits = value.replace(/\D/g, "");
    if (type === "cardNumber") return digits.length >= 13 && digits.length <= 19;
    if (type === "cardExpiry") return /^\s*(0[1-9]|1[0-2])\s*\/\s*\d{2}\s*$/.test(value);
    return digits.length >= 3 && digits.length <= 4;
  }

  function Element(type, group) {
    this.elementType = type;
    this._group = group;
    this._handlers = {};
    this._input = null;
  }
  Element.prototype.mount = function (target) {
    var node = typeof target === "string" ? document.querySelector(target) : target;
    var field = FIELDS[this.elementType];
    var input = document.createElement("input");
    input.className = "form-control";
    input.setAttribute("aria-label", field.label);
    input.placeholder = field.placeholder;
    input.autocomplete = field.autocomplete;
    input.inputMode = field.inputmode;
    var self = this;
    input.addEventListener("input", function () {
      var value = input.value;
      self._emit("change", { elementType: self.elementType, empty: value === "", complete: isComplete(self.elementType, value) });
    });
    node.appendChild(input);
    this._input = input;
    this._emit("ready", { elementType: this.elementType });
  };
  Element.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  Element.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).forEach(function (handler) {
      handler(payload);
    });
  };
  Element.prototype.focus = function () {
    if (this._input) this._input.focus();
  };
  Element.prototype.value = function () {
    return this._input ? this._input.value : "";
  };
  Element.prototype.unmount = function () {
    if (this._input) this._input.remove();
    this._input = null;
  };
  Element.prototype.destroy = Element.prototype.unmount;

  function Elements() {
    this._elements = {};
  }
  Elements.prototype.create = function (type) {
    if (!FIELDS[type]) throw new Error("The payment sandbox's Stripe.js supports cardNumber, cardExpiry and cardCvc elements.");
    var element = new Element(type, this);
    this._elements[type] = element;
    return element;
  };
  Elements.prototype.getElement = function (type) {
    return this._elements[type] || null;
  };

  function Stripe(key) {
    if (!(this instanceof Stripe)) return new Stripe(key);
    this._key = key;
  }
  Stripe.prototype.elements = function () {
    return new Elements();
  };
  Stripe.prototype._post = function (path, params) {
    var body = new URLSearchParams(params);
    body.set("key", this._key);
    // A form-encoded POST with the key in the body needs no CORS preflight, as with Stripe.js.
    return fetch(apiBase + path, { method: "POST", body: body }).then(function (response) {
      return response.json().then(function (json) {
        return { ok: response.ok, json: json };
      });
    });
  };
  // 3D Secure: Stripe.js shows the bank's check in a modal; here a dialog asks to complete or fail it.
  Stripe.prototype._authenticate = function (intent, clientSecret) {
    var self = this;
    return new Promise(function (resolve) {
      var dialog = document.createElement("div");
      dialog.setAttribute("role", "dialog");
      dialog.setAttribute("aria-label", "3D Secure authentication");
      dialog.style.cssText = "position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:2000";
      var box = document.createElement("div");
      box.style.cssText = "background:#fff;padding:1.5rem;border-radius:.5rem;max-width:22rem";
      box.innerHTML = "<p><strong>Payment sandbox</strong>: your bank asks you to confirm this payment.</p>";
      dialog.appendChild(box);
      ["complete", "fail"].forEach(function (outcome) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = outcome === "complete" ? "btn btn-primary me-2" : "btn btn-secondary";
        button.textContent = outcome === "complete" ? "Complete authentication" : "Fail authentication";
        button.addEventListener("click", function () {
          dialog.remove();
          self
            ._post("/authenticate/" + intent.id, { client_secret: clientSecret, outcome: outcome })
            .then(function (answer) {
              if (!answer.ok) return resolve({ error: answer.json.error });
              var after = answer.json;
              resolve(after.status === "succeeded" ? { paymentIntent: after } : { error: after.last_payment_error });
            });
        });
        box.appendChild(button);
      });
      document.body.appendChild(dialog);
    });
  };
  Stripe.prototype.confirmCardPayment = function (clientSecret, data) {
    var card = data && data.payment_method && data.payment_method.card;
    if (!card || !card._group) return Promise.resolve({ error: { type: "validation_error", message: "Pass a cardNumber element as payment_method.card." } });
    var elements = card._group._elements;
    for (var type in FIELDS) {
      var element = elements[type];
      if (!element || !isComplete(type, element.value()))
        return Promise.resolve({ error: { type: "validation_error", code: INCOMPLETE[type][0], message: INCOMPLETE[type][1] } });
    }
    var expiry = elements.cardExpiry.value().split("/");
    var self = this;
    var intentId = clientSecret.split("_secret_")[0];
    return this._post("/v1/payment_methods", {
      type: "card",
      "card[number]": elements.cardNumber.value().replace(/\D/g, ""),
      "card[exp_month]": expiry[0].trim(),
      "card[exp_year]": "20" + expiry[1].trim(),
      "card[cvc]": elements.cardCvc.value().trim(),
    })
      .then(function (method) {
        if (!method.ok) return method;
        return self._post("/v1/payment_intents/" + intentId + "/confirm", { client_secret: clientSecret, payment_method: method.json.id });
      })
      .then(function (result) {
        if (!result.ok) return { error: result.json.error };
        if (result.json.status !== "requires_action") return { paymentIntent: result.json };
        return self._authenticate(result.json, clientSecret);
      })
      .catch(function () {
        return { error: { type: "api_connection_error", message: "We could not reach the payment sandbox." } };
      });
  };

  window.Stripe = Stripe;
})();
