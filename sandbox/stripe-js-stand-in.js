// Payment sandbox: a stand-in for Stripe.js v3, served at <sandbox>/v3/ (for the shop's built-in
// sandbox, <shop>/_sandbox/v3/). It offers the part of the
// API the shop and @stripe/react-stripe-js 1.x use: Stripe(key).elements(options) with "card",
// "cardNumber", "cardExpiry" and "cardCvc" elements, elements.getElement(type or React component),
// and stripe.confirmCardPayment, createPaymentMethod, createToken, retrievePaymentIntent and
// handleCardAction, answering { paymentIntent | paymentMethod | token } or { error }, as Stripe.js does.
// Real Elements live in iframes; these are plain inputs in the page, which is enough offline.
(function () {
  "use strict";
  // API calls go to the sandbox that served this script (the URL before its /v3/), wherever the
  // page itself comes from.
  var script = document.currentScript || document.querySelector('script[src*="/v3"]');
  var scriptUrl = new URL(script.src);
  var apiBase = scriptUrl.origin + scriptUrl.pathname.replace(/\/v3\/?$/, "");

  var FIELDS = {
    cardNumber: { label: "Card number", placeholder: "1234 1234 1234 1234", autocomplete: "cc-number" },
    cardExpiry: { label: "Expiration date", placeholder: "MM / YY", autocomplete: "cc-exp" },
    cardCvc: { label: "CVC", placeholder: "CVC", autocomplete: "cc-csc" },
  };
  // The inputs each element type shows: "card" is the three in one.
  var PARTS = {
    card: ["cardNumber", "cardExpiry", "cardCvc"],
    cardNumber: ["cardNumber"],
    cardExpiry: ["cardExpiry"],
    cardCvc: ["cardCvc"],
  };
  var INCOMPLETE = {
    cardNumber: ["incomplete_number", "Your card number is incomplete."],
    cardExpiry: ["incomplete_expiry", "Your card's expiration date is incomplete."],
    cardCvc: ["incomplete_cvc", "Your card's security code is incomplete."],
  };
  var BRANDS = [
    ["amex", /^3[47]/],
    ["diners", /^3(0[0-5]|[68])/],
    ["jcb", /^35/],
    ["discover", /^(6011|64[4-9]|65)/],
    ["unionpay", /^62/],
    ["mastercard", /^(5[1-5]|2[2-7])/],
    ["visa", /^4/],
  ];

  function brandOf(digits) {
    for (var i = 0; i < BRANDS.length; i++) if (BRANDS[i][1].test(digits)) return BRANDS[i][0];
    return "unknown";
  }

  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return sum % 10 === 0;
  }

  /** "MM / YY", "MM/YY" or "MMYY" as { month, year }, or null. */
  function parseExpiry(value) {
    var match = value.match(/^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/);
    return match ? { month: Number(match[1]), year: 2000 + Number(match[2]) } : null;
  }

  function validationError(code, message) {
    return { type: "validation_error", code: code, message: message };
  }

  // One input's state as a change event reports it: { empty, complete, error }. Incomplete values
  // are only an error once the buyer leaves the field (or tries to pay), as with Stripe's Elements.
  function checkPart(part, value, leaving) {
    var digits = value.replace(/\D/g, "");
    var state = { empty: value.trim() === "", complete: false, error: undefined };
    if (part === "cardNumber") {
      var length = brandOf(digits) === "amex" ? 15 : brandOf(digits) === "diners" ? 14 : 16;
      if (digits.length >= length && !luhn(digits))
        state.error = validationError("invalid_number", "Your card number is invalid.");
      else state.complete = digits.length >= length;
    } else if (part === "cardExpiry") {
      var expiry = parseExpiry(value);
      if (expiry) {
        var month = expiry.month;
        var year = expiry.year;
        var now = new Date();
        if (month < 1 || month > 12)
          state.error = validationError("invalid_expiry_month", "Your card's expiration date is invalid.");
        else if (year < now.getFullYear())
          state.error = validationError("invalid_expiry_year_past", "Your card's expiration year is in the past.");
        else if (year === now.getFullYear() && month < now.getMonth() + 1)
          state.error = validationError("invalid_expiry_month_past", "Your card's expiration date is in the past.");
        else state.complete = true;
      }
    } else {
      state.complete = /^\s*\d{3,4}\s*$/.test(value);
    }
    if (leaving && !state.empty && !state.complete && !state.error)
      state.error = validationError(INCOMPLETE[part][0], INCOMPLETE[part][1]);
    return state;
  }

  function Element(type, group, options) {
    this._type = type;
    this._group = group;
    this._options = options || {};
    this._handlers = {};
    this._inputs = {};
    this._node = null;
    this._destroyed = false;
  }
  Element.prototype.mount = function (target) {
    if (this._destroyed) throw new Error("This Element has already been destroyed. Please create a new one.");
    if (this._node)
      throw new Error("This Element is already mounted. Use `unmount` to unmount the Element before re-mounting.");
    var parent = typeof target === "string" ? document.querySelector(target) : target;
    if (!parent)
      throw new Error(
        "The selector you specified (" + target + ") applies to no DOM elements that are currently on the page.",
      );
    var self = this;
    var node = document.createElement("div");
    node.className = "StripeElement";
    if (PARTS[this._type].length > 1) node.style.cssText = "display:flex;gap:.5rem";
    PARTS[this._type].forEach(function (part) {
      var field = FIELDS[part];
      var input = document.createElement("input");
      input.className = "form-control";
      input.setAttribute("aria-label", field.label);
      input.placeholder = field.placeholder;
      input.autocomplete = field.autocomplete;
      input.inputMode = "numeric";
      input.addEventListener("input", function () {
        self._emit("change", self._state(false));
      });
      node.appendChild(input);
      self._inputs[part] = input;
    });
    // Focus moving between the inputs of one "card" element is neither a blur nor a focus.
    node.addEventListener("focusin", function (event) {
      if (!node.contains(event.relatedTarget)) self._emit("focus", { elementType: self._type });
    });
    node.addEventListener("focusout", function (event) {
      if (node.contains(event.relatedTarget)) return;
      self._emit("blur", { elementType: self._type });
      var state = self._state(true);
      if (state.error) self._emit("change", state);
    });
    parent.appendChild(node);
    this._node = node;
    this._applyOptions();
    // Stripe's iframe reports ready later, after react-stripe-js has attached its handlers.
    setTimeout(function () {
      if (self._node) self._emit("ready", { elementType: self._type });
    }, 0);
  };
  Element.prototype._applyOptions = function () {
    var options = this._options;
    for (var part in this._inputs) {
      this._inputs[part].disabled = Boolean(options.disabled);
      if (options.placeholder && part === this._type) this._inputs[part].placeholder = options.placeholder;
    }
  };
  /** The element's change event: the first error of its inputs, complete only when all are. */
  Element.prototype._state = function (leaving) {
    var inputs = this._inputs;
    var event = { elementType: this._type, empty: true, complete: true, error: undefined };
    PARTS[this._type].forEach(function (part) {
      var state = checkPart(part, inputs[part] ? inputs[part].value : "", leaving);
      event.empty = event.empty && state.empty;
      event.complete = event.complete && state.complete;
      event.error = event.error || state.error;
    });
    if (inputs.cardNumber) event.brand = brandOf(inputs.cardNumber.value.replace(/\D/g, ""));
    if (this._type === "card") event.value = { postalCode: "" };
    return event;
  };
  Element.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  Element.prototype.once = function (event, handler) {
    var self = this;
    return this.on(event, function once(payload) {
      self.off(event, once);
      handler(payload);
    });
  };
  Element.prototype.off = function (event, handler) {
    if (!handler) delete this._handlers[event];
    else
      this._handlers[event] = (this._handlers[event] || []).filter(function (h) {
        return h !== handler;
      });
    return this;
  };
  Element.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (handler) {
      handler(payload);
    });
  };
  Element.prototype.update = function (options) {
    for (var key in options) this._options[key] = options[key];
    if (this._node) this._applyOptions();
  };
  Element.prototype.focus = function () {
    var first = this._inputs[PARTS[this._type][0]];
    if (first) first.focus();
  };
  Element.prototype.blur = function () {
    if (this._node && this._node.contains(document.activeElement)) document.activeElement.blur();
  };
  Element.prototype.clear = function () {
    for (var part in this._inputs) this._inputs[part].value = "";
    if (this._node) this._emit("change", this._state(false));
  };
  Element.prototype.unmount = function () {
    if (this._node) this._node.remove();
    this._node = null;
    this._inputs = {};
  };
  Element.prototype.destroy = function () {
    this.unmount();
    this._destroyed = true;
    if (this._group._elements[this._type] === this) delete this._group._elements[this._type];
  };
  /** What the buyer typed for each part: from this element, or its siblings in the same group. */
  Element.prototype._values = function () {
    var values = {};
    var self = this;
    ["cardNumber", "cardExpiry", "cardCvc"].forEach(function (part) {
      var owner = self._inputs[part] ? self : self._group._elements[part];
      var input = owner && owner._inputs[part];
      values[part] = input ? input.value : "";
    });
    return values;
  };

  function Elements(options) {
    this._elements = {};
    this._options = options || {};
  }
  Elements.prototype.create = function (type, options) {
    if (!PARTS[type])
      throw new Error(
        "The payment sandbox's Stripe.js supports card, cardNumber, cardExpiry and cardCvc elements, not " + type + ".",
      );
    if (this._elements[type]) throw new Error("Can only create one Element of type " + type + ".");
    var element = new Element(type, this, options);
    this._elements[type] = element;
    return element;
  };
  // react-stripe-js passes its component (CardNumberElement), which names its type in __elementType.
  Elements.prototype.getElement = function (typeOrComponent) {
    var type = typeOrComponent && typeOrComponent.__elementType ? typeOrComponent.__elementType : typeOrComponent;
    return this._elements[type] || null;
  };
  Elements.prototype.update = function (options) {
    for (var key in options) this._options[key] = options[key];
  };

  /** Stripe's form encoding: { card: { number: 1 } } becomes card[number]=1. */
  function formEncode(value, prefix, body) {
    if (value === undefined || value === null) return body;
    if (typeof value === "object") {
      for (var key in value) formEncode(value[key], prefix ? prefix + "[" + key + "]" : key, body);
    } else {
      body.append(prefix, String(value));
    }
    return body;
  }

  function isElement(value) {
    return value instanceof Element;
  }

  function Stripe(key) {
    if (!(this instanceof Stripe)) return new Stripe(key);
    if (!key) throw new Error("Please call Stripe() with your publishable key. You used an empty string.");
    this._key = key;
  }
  Stripe.prototype.elements = function (options) {
    return new Elements(options);
  };
  // A form-encoded POST or a GET with the key in the body or query needs no CORS preflight, as with
  // Stripe.js. Answers { ok, json }; an unreachable sandbox answers Stripe.js's api_connection_error.
  Stripe.prototype._request = function (method, path, params) {
    var body = formEncode(params, "", new URLSearchParams());
    body.set("key", this._key);
    var request =
      method === "GET" ? fetch(apiBase + path + "?" + body) : fetch(apiBase + path, { method: "POST", body: body });
    return request.then(
      function (response) {
        return response.json().then(function (json) {
          return { ok: response.ok, json: json };
        });
      },
      function () {
        return {
          ok: false,
          json: { error: { type: "api_connection_error", message: "We could not reach the payment sandbox." } },
        };
      },
    );
  };
  /** The card typed into an element, as POST /v1/payment_methods and /v1/tokens take it; or a validation error. */
  function cardParams(element) {
    if (!isElement(element) || !element._node)
      return { error: { type: "integration_error", message: "Pass a mounted card or cardNumber Element." } };
    var values = element._values();
    for (var part in values) {
      var state = checkPart(part, values[part], true);
      if (state.error) return { error: state.error };
      if (!state.complete) return { error: validationError(INCOMPLETE[part][0], INCOMPLETE[part][1]) };
    }
    var expiry = parseExpiry(values.cardExpiry);
    return {
      card: {
        number: values.cardNumber.replace(/\D/g, ""),
        exp_month: expiry.month,
        exp_year: expiry.year,
        cvc: values.cardCvc.trim(),
      },
    };
  }
  Stripe.prototype._createPaymentMethod = function (card, billingDetails) {
    var params = { type: "card", billing_details: billingDetails };
    if (isElement(card)) {
      var typed = cardParams(card);
      if (typed.error) return Promise.resolve({ error: typed.error });
      params.card = typed.card;
    } else {
      params.card = card; // { token: "tok_…" }
    }
    return this._request("POST", "/v1/payment_methods", params).then(function (answer) {
      return answer.ok ? { paymentMethod: answer.json } : { error: answer.json.error };
    });
  };
  // Both signatures: createPaymentMethod({ type: "card", card, billing_details }) and the older
  // createPaymentMethod("card", element, { billing_details }).
  Stripe.prototype.createPaymentMethod = function (data, element, extra) {
    if (typeof data === "string") data = { type: data, card: element, billing_details: extra && extra.billing_details };
    if (!data || data.type !== "card")
      return Promise.resolve({
        error: { type: "invalid_request_error", message: "The payment sandbox only creates card payment methods." },
      });
    return this._createPaymentMethod(data.card, data.billing_details);
  };
  Stripe.prototype.createToken = function (element, data) {
    var typed = cardParams(element);
    if (typed.error) return Promise.resolve({ error: typed.error });
    var card = typed.card;
    for (var key in data || {}) card[key] = data[key]; // name, address_line1, address_zip, currency…
    return this._request("POST", "/v1/tokens", { card: card }).then(function (answer) {
      return answer.ok ? { token: answer.json } : { error: answer.json.error };
    });
  };
  Stripe.prototype.retrievePaymentIntent = function (clientSecret) {
    var id = String(clientSecret).split("_secret_")[0];
    return this._request("GET", "/v1/payment_intents/" + id, { client_secret: clientSecret }).then(function (answer) {
      return answer.ok ? { paymentIntent: answer.json } : { error: answer.json.error };
    });
  };
  // 3D Secure: Stripe.js shows the bank's check in a modal; here a dialog asks to complete or fail it.
  Stripe.prototype._authenticate = function (intent, clientSecret) {
    var self = this;
    return new Promise(function (resolve) {
      var dialog = document.createElement("div");
      dialog.setAttribute("role", "dialog");
      dialog.setAttribute("aria-label", "3D Secure authentication");
      dialog.style.cssText =
        "position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:2000";
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
            ._request("POST", "/authenticate/" + intent.id, { client_secret: clientSecret, outcome: outcome })
            .then(function (answer) {
              if (!answer.ok) return resolve({ error: answer.json.error });
              var after = answer.json;
              resolve(
                after.status === "succeeded"
                  ? { paymentIntent: after }
                  : { error: Object.assign({ payment_intent: after }, after.last_payment_error) },
              );
            });
        });
        box.appendChild(button);
      });
      document.body.appendChild(dialog);
    });
  };
  /**
   * confirmCardPayment(clientSecret, { payment_method: { card: element, billing_details } | "pm_…" },
   * { handleActions }). A card asking for 3D Secure shows the bank's check unless handleActions is false.
   */
  Stripe.prototype.confirmCardPayment = function (clientSecret, data, options) {
    var self = this;
    var intentId = String(clientSecret).split("_secret_")[0];
    var method = data && data.payment_method;
    var paymentMethod =
      typeof method === "string"
        ? Promise.resolve({ paymentMethod: { id: method } })
        : method && method.card
          ? this._createPaymentMethod(method.card, method.billing_details)
          : Promise.resolve({
              error: {
                type: "integration_error",
                message: "Pass a card Element as payment_method.card, or a PaymentMethod id.",
              },
            });
    return paymentMethod.then(function (created) {
      if (created.error) return created;
      return self
        ._request("POST", "/v1/payment_intents/" + intentId + "/confirm", {
          client_secret: clientSecret,
          payment_method: created.paymentMethod.id,
        })
        .then(function (answer) {
          if (!answer.ok) return { error: answer.json.error };
          if (answer.json.status !== "requires_action" || (options && options.handleActions === false))
            return { paymentIntent: answer.json };
          return self._authenticate(answer.json, clientSecret);
        });
    });
  };
  Stripe.prototype.handleCardAction = function (clientSecret) {
    var self = this;
    return this.retrievePaymentIntent(clientSecret).then(function (result) {
      if (result.error || result.paymentIntent.status !== "requires_action") return result;
      return self._authenticate(result.paymentIntent, clientSecret);
    });
  };

  window.Stripe = Stripe;
})();
