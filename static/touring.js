// touring: the little script the pages use. Everything works without it (forms post and
// redirect; the projector refreshes itself); with it, pages update live from server-sent
// events, the clock counts down every second, and the projector plays its signals.
(function () {
  "use strict";

  // ------------------------------------------------------------ live updates
  // A page that wants them has <body data-live="/url/of/its/stream">. The server sends named
  // events whose name is the id of an element and whose data is that element's new HTML.
  // When the server stops (a restart), it sends "reconnect" and ends the stream: the page
  // connects again, a little later and then less and less often, until the server is back; its
  // first drawing then brings the page up to date. A stream the browser gave up on (a proxy
  // answered 502 during the restart) is opened again the same way.
  function connectLive() {
    var url = document.body.getAttribute("data-live");
    if (!url || !window.EventSource) return;
    var source = null;
    var ended = false;
    var retries = 0;
    var timer = null;
    function later() {
      if (ended || timer) return;
      if (source) source.close();
      document.body.classList.add("offline");
      // 1 s, 2 s, 4 s... up to 15 s, spread so that every page does not come back at once.
      var wait = Math.min(15000, 1000 * Math.pow(2, retries)) * (0.75 + Math.random() / 2);
      retries += 1;
      timer = window.setTimeout(function () { timer = null; open(); }, wait);
    }
    function open() {
      source = new EventSource(url);
      source.onmessage = function () {};
      var known = {};
      function listen(id) {
        if (known[id]) return;
        known[id] = true;
        source.addEventListener(id, redraw(id));
      }
      Array.prototype.forEach.call(document.querySelectorAll("[data-region]"), function (el) {
        listen(el.id);
      });
      source.addEventListener("reload", function () { window.location.reload(); });
      source.addEventListener("reconnect", later);
      source.onerror = function () {
        document.body.classList.add("offline");
        // CONNECTING: the browser tries again by itself; CLOSED: it gave up, so do we later.
        if (source.readyState === EventSource.CLOSED) later();
      };
      source.onopen = function () {
        retries = 0;
        connectionBack();
        document.body.classList.remove("offline");
      };
    }
    function redraw(id) {
      return function (event) {
        var target = document.getElementById(id);
        if (!target) return;
        var focused = document.activeElement && target.contains(document.activeElement)
          ? document.activeElement.getAttribute("name") : null;
        // A card of the hand in focus keeps it across the redraw (a keyboard's place).
        var focusedCard = document.activeElement && document.activeElement.closest
          && target.contains(document.activeElement) && document.activeElement.closest(".hand .card")
          ? document.activeElement.getAttribute("data-card") : null;
        var focusedId = document.activeElement && target.contains(document.activeElement)
          ? document.activeElement.id : "";
        var focusedHand = document.activeElement && target.contains(document.activeElement)
          && document.activeElement.classList.contains("hand");
        // What someone is typing (a field changed since it was drawn) survives the redraw.
        var typed = {};
        Array.prototype.forEach.call(target.querySelectorAll("input[id]"), function (input) {
          if (input.type !== "hidden" && input.value !== input.defaultValue) typed[input.id] = input.value;
        });
        // Parts the stream did not send again (data-same: unchanged since its last drawing)
        // are the ones the page shows, put back when the page shows that very version.
        // Otherwise the page drew the region from elsewhere (the answer to its own move): it
        // is left as it is and the stream opened again, whose first drawing is whole.
        var fresh = document.createElement("template");
        fresh.innerHTML = event.data;
        var same = fresh.content.querySelectorAll("touring-part[data-same]");
        var shown = Array.prototype.map.call(same, function (part) {
          var now = target.querySelector('touring-part[data-part="' + part.getAttribute("data-part") + '"]');
          return now && now.getAttribute("data-v") === part.getAttribute("data-v") ? now : null;
        });
        if (shown.indexOf(null) >= 0) {
          source.close();
          open();
          return;
        }
        Array.prototype.forEach.call(same, function (part, i) {
          part.parentNode.replaceChild(shown[i], part);
        });
        target.textContent = "";
        target.appendChild(fresh.content);
        Object.keys(typed).forEach(function (id) {
          var again = document.getElementById(id);
          if (again && target.contains(again)) again.value = typed[id];
        });
        if (focused) {
          var again = target.querySelector('[name="' + focused + '"]');
          if (again) again.focus();
        }
        target.dispatchEvent(new CustomEvent("touring:updated", { bubbles: true }));
        if (focusedCard) {
          var card = target.querySelector('.hand .card[data-card="' + focusedCard + '"][tabindex]');
          if (card) card.focus();
        } else if (focusedHand) {
          var hand = target.querySelector(".hand");
          if (hand) hand.focus();
        } else if (focusedId) {
          var same = document.getElementById(focusedId);
          if (same) same.focus();
        }
        scanClocks();
        // The server's last drawing (a seat taken back): stay on it, do not reconnect.
        if (target.querySelector("[data-live-ended]")) {
          ended = true;
          source.close();
          document.body.classList.remove("offline");
        }
      };
    }
    open();
  }

  // ------------------------------------------------------------ the clock
  // <span class="clock" data-left-ms="412000" data-state="running"> counts down locally from
  // the moment the page (or fragment) arrived; the server stays the judge of time.
  var clocks = [];
  // <span data-wait-ms="4200">5</span>: the seconds a table still waits for a decision (Mille
  // Bornes), counted down locally; the server ends the wait and redraws the board.
  var waits = [];
  function scanClocks() {
    clocks = [];
    waits = [];
    Array.prototype.forEach.call(document.querySelectorAll("[data-wait-ms]"), function (el) {
      var left = parseInt(el.getAttribute("data-wait-ms"), 10);
      if (!isNaN(left)) waits.push({ el: el, endsAt: Date.now() + left });
    });
    Array.prototype.forEach.call(document.querySelectorAll("[data-left-ms]"), function (el) {
      var left = parseInt(el.getAttribute("data-left-ms"), 10);
      if (isNaN(left)) return;
      clocks.push({
        el: el,
        endsAt: Date.now() + left,
        state: el.getAttribute("data-state") || "running",
        lastLeft: left
      });
    });
  }

  function format(ms) {
    var total = Math.max(0, Math.ceil(ms / 1000));
    var minutes = Math.floor(total / 60);
    var seconds = total % 60;
    return minutes + ":" + (seconds < 10 ? "0" : "") + seconds;
  }

  function tick() {
    var now = Date.now();
    waits.forEach(function (wait) {
      var left = Math.max(0, Math.ceil((wait.endsAt - now) / 1000));
      wait.el.textContent = String(left);
      // The words after it agree with the number ("1 s restante", "2 s restantes").
      var words = wait.el.nextSibling;
      if (words && words.nodeType === 3 && wait.el.hasAttribute("data-one") && window.Intl && Intl.PluralRules) {
        var one = new Intl.PluralRules(document.documentElement.lang || "en").select(left) === "one";
        words.nodeValue = "\u00a0" + wait.el.getAttribute(one ? "data-one" : "data-other");
      }
    });
    clocks.forEach(function (clock) {
      if (clock.state !== "running") return;
      var left = clock.endsAt - now;
      clock.el.textContent = format(left);
      if (clock.lastLeft > 60000 && left <= 60000 && left > 0) {
        signal("minute");
        announce("minute", words("minute", "One minute left in the round."), false);
      }
      if (clock.lastLeft > 0 && left <= 0) {
        clock.el.classList.add("over");
        announce("stop", words("stop", "Time is up: the round has stopped."), true);
        signal("stop");
        stopPlayed = true;
      }
      clock.lastLeft = left;
    });
  }

  // ------------------------------------------------------------ the script's own words
  // What the script says or writes comes from the page, in its reader's language: the body's
  // data-say-KEY attributes (templates/base.html); English only if a page lacks one.
  function words(key, english) {
    return (document.body && document.body.getAttribute("data-say-" + key)) || english;
  }

  // ------------------------------------------------------------ sounds (projector)
  // Our own tones through Web Audio: a rising pair at the start, a chime at one minute to go,
  // a falling horn at the stop. Browsers only allow sound after a click, hence the button.
  var audio = null;
  function soundOn() {
    return document.body.hasAttribute("data-sound");
  }
  function enableSound(button) {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    audio = audio || new Context();
    if (audio.resume) audio.resume();
    if (button) {
      button.textContent = words("sound-on", "Sound on");
      button.setAttribute("aria-pressed", "true");
    }
    tone([523, 659], 0.18);
  }
  function tone(frequencies, length, type) {
    if (!audio) return;
    var start = audio.currentTime + 0.02;
    frequencies.forEach(function (f, i) {
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.type = type || "triangle";
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, start + i * length);
      gain.gain.exponentialRampToValueAtTime(0.35, start + i * length + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + (i + 1) * length);
      osc.connect(gain);
      gain.connect(audio.destination);
      osc.start(start + i * length);
      osc.stop(start + (i + 1) * length + 0.05);
    });
  }
  function signal(kind) {
    if (!soundOn() || !audio) return;
    if (kind === "start") tone([392, 523, 659, 784], 0.22);
    if (kind === "minute") tone([880, 660], 0.35, "sine");
    if (kind === "stop") tone([466, 370, 294], 0.45, "sawtooth");
  }
  // The projector's round line carries data-round-state; a change of it is a signal.
  var lastRoundState = null;
  var stopPlayed = false;
  function checkRoundState() {
    var el = document.querySelector("[data-round-state]");
    if (!el) return;
    var state = el.getAttribute("data-round-state");
    if (lastRoundState !== null && state !== lastRoundState) {
      if (state === "running" && lastRoundState === "seated") signal("start");
      if (state === "over" && !stopPlayed) signal("stop");
    }
    if (state === "running") stopPlayed = false;
    lastRoundState = state;
  }
  document.addEventListener("touring:updated", checkRoundState);

  // ------------------------------------------------------------ a decision's buzz
  // A board's wait that concerns this phone (data-buzz, Mille Bornes: the side a hazard was
  // played on, holder or not, or the seat deciding the Extension) vibrates the phone once,
  // where the browser can. The key names the decision, so a redraw does not buzz again.
  var buzzed = null;
  function buzz() {
    var wait = document.querySelector("[data-buzz]");
    if (!wait) return;
    var key = wait.getAttribute("data-buzz");
    if (key === buzzed) return;
    buzzed = key;
    if (muted()) return;
    try {
      if (window.sessionStorage) {
        if (window.sessionStorage.getItem("touring-buzzed") === key) return;
        window.sessionStorage.setItem("touring-buzzed", key);
      }
    } catch (e) { /* storage refused: the page's memory is enough */ }
    if (navigator && typeof navigator.vibrate === "function") {
      try { navigator.vibrate([200, 100, 200]); } catch (e) { /* not allowed: no buzz */ }
    }
  }
  document.addEventListener("touring:updated", buzz);

  // ------------------------------------------------------------ screen readers
  // Two live regions of the seat page (outside the board, which is redrawn): #announce,
  // polite, for the others' moves, the clock's last minute and a wait for a decision;
  // #announce-now, assertive, for the stop and a decision that is this guest's. Each thing is
  // said once: its key is remembered.
  var said = {};
  function announce(key, text, now) {
    if (!text || said[key]) return;
    var region = document.getElementById(now ? "announce-now" : "announce");
    if (!region) return;
    said[key] = true;
    region.textContent = "";
    // A moment apart, so that a screen reader hears the new words as a change.
    setTimeout(function () { region.textContent = text; }, 50);
  }
  // (Undefined until the board is first read: the first move of a deal, into an empty log,
  // is heard too.)
  var lastHeard;
  var wasMyTurn = null;
  function tellBoard(ownMove) {
    var board = document.querySelector("#board .board");
    if (!board) return;
    var latest = document.querySelector("#board ul.log li");
    var line = latest ? latest.textContent.trim() : null;
    if (lastHeard !== undefined && line && line !== lastHeard && !ownMove) {
      announce("move:" + board.getAttribute("data-actions"), line, false);
    }
    lastHeard = line;
    // The guest's turn is a decision of their own: said at once, when it comes live.
    var turn = document.querySelector("#board [data-your-turn]");
    if (turn && wasMyTurn === false && !ownMove) {
      var heading = document.querySelector("#board .board h2");
      announce("turn:" + board.getAttribute("data-actions"),
        heading ? heading.textContent.trim() : words("your-turn", "Your turn."), true);
    }
    wasMyTurn = !!turn;
    var decision = document.querySelector("#board .decision");
    if (decision) {
      var words = decision.querySelector("strong");
      var deciding = decision.classList.contains("deciding");
      announce("decision:" + board.getAttribute("data-actions") + (deciding ? ":mine" : ""),
        words ? words.textContent.trim() : "", deciding);
    }
    var flash = document.querySelector("#board .flash");
    if (flash && /time is up/i.test(flash.textContent)) {
      announce("stop", flash.textContent.trim(), true);
    }
  }
  document.addEventListener("touring:updated", function (event) {
    tellBoard(event.detail && event.detail.ownMove);
  });

  // ------------------------------------------------------------ a new round
  // The messages above a seat's board (a card sent, a move refused) are about its round: when
  // a live redraw brings the next round, they go; so do they when the seat's own paper card
  // is confirmed (the message "another side confirms it" is then out of date).
  var shownRound = null;
  var cardConfirmed = null;
  function checkSeatRound() {
    var bar = document.querySelector("#board [data-round]");
    var round = bar ? bar.getAttribute("data-round") : null;
    var confirmed = !!document.querySelector("#board [data-my-card-confirmed]");
    if ((shownRound !== null && round !== shownRound) || (cardConfirmed === false && confirmed)) {
      Array.prototype.forEach.call(document.querySelectorAll("main > .flash"), function (old) {
        old.parentNode.removeChild(old);
      });
    }
    shownRound = round;
    cardConfirmed = confirmed;
  }
  document.addEventListener("touring:updated", checkSeatRound);

  // ------------------------------------------------------------ a phone's own mute
  // The seat page's button silences this phone (its buzz), remembered in the browser.
  function muted() {
    try { return window.localStorage && window.localStorage.getItem("touring-muted") === "yes"; } catch (e) { return false; }
  }
  function showMute(button) {
    var on = muted();
    button.setAttribute("aria-pressed", on ? "true" : "false");
    // The words come from the page, in its reader's language.
    button.textContent = (on ? button.getAttribute("data-muted") : button.getAttribute("data-unmuted")) ||
      (on ? "This phone is muted: turn its sounds on" : "Mute this phone");
  }
  function setUpMute() {
    var button = document.getElementById("mute");
    if (!button) return;
    button.hidden = false;
    showMute(button);
    button.addEventListener("click", function () {
      try { window.localStorage.setItem("touring-muted", muted() ? "no" : "yes"); } catch (e) { /* refused */ }
      showMute(button);
    });
  }

  // ------------------------------------------------------------ small helpers
  function confirmations() {
    document.addEventListener("submit", function (event) {
      var form = event.target;
      var question = form.getAttribute("data-confirm");
      if (question && !window.confirm(question)) {
        event.preventDefault();
        return;
      }
      if (!armedOrAsk(form)) {
        event.preventDefault();
        return;
      }
      sendInPlace(event, form, event.submitter || null);
    });
  }

  // ------------------------------------------------------------ the seat's hand
  // A board's hand (data-play): each card and each move names its card (data-card): a move is
  // a button of the moves' form, or a form of its own when it asks to be confirmed. A tap on a
  // card shows its moves under the hand; without script every move is listed.
  // The picked card: its identifier and which copy of it in the hand (a hand may hold two of a
  // card; the copy the guest picked is the one marked, so that the focus stays on it).
  var pickedCard = null;
  var pickedCopy = 0;
  function copyOf(play, card) {
    var id = card.getAttribute("data-card");
    return Array.prototype.filter.call(play.querySelectorAll(".hand .card[data-card]"), function (c) {
      return c.getAttribute("data-card") === id;
    }).indexOf(card);
  }
  function cardMoves(play, card) {
    return Array.prototype.filter.call(play.querySelectorAll(".moves [data-card]"), function (move) {
      return move.getAttribute("data-card") === card;
    });
  }
  function showPicked(play) {
    var cards = play.querySelectorAll(".hand .card[data-card]");
    if (pickedCard && cardMoves(play, pickedCard).length === 0) pickedCard = null;
    var copies = Array.prototype.filter.call(cards, function (card) {
      return card.getAttribute("data-card") === pickedCard;
    });
    var chosen = copies[pickedCopy] || copies[0] || null;
    Array.prototype.forEach.call(cards, function (card) {
      var picked = card === chosen;
      card.classList.toggle("selected", picked);
      if (card.hasAttribute("data-playable")) card.setAttribute("aria-pressed", picked ? "true" : "false");
    });
    Array.prototype.forEach.call(play.querySelectorAll(".moves [data-card]"), function (move) {
      move.classList.toggle("shown", move.getAttribute("data-card") === pickedCard);
    });
  }
  function scanHands() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-play]"), function (play) {
      var any = false;
      Array.prototype.forEach.call(play.querySelectorAll(".hand .card[data-card]"), function (card) {
        if (cardMoves(play, card.getAttribute("data-card")).length === 0) return;
        any = true;
        card.setAttribute("data-playable", "");
        card.setAttribute("role", "button");
        card.setAttribute("tabindex", "0");
      });
      var hint = play.querySelector(".pick-hint");
      if (hint) hint.hidden = !any;
      showPicked(play);
    });
  }
  function pickCard(card) {
    var play = card.closest("[data-play]");
    if (!play || !card.hasAttribute("data-playable")) return;
    var id = card.getAttribute("data-card");
    var copy = copyOf(play, card);
    var again = pickedCard === id && pickedCopy === copy;
    pickedCard = again ? null : id;
    pickedCopy = again ? 0 : copy;
    showPicked(play);
  }
  document.addEventListener("keydown", function (event) {
    var card = event.target && event.target.closest && event.target.closest(".hand .card[data-playable]");
    if (card && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      pickCard(card);
    }
  });
  document.addEventListener("touring:updated", scanHands);

  // The keyboard: the moves of the picked card come right after it in tab order (they are
  // drawn under the hand, so Tab and Shift+Tab are steered between the card and its moves).
  function shownMoves(play) {
    return Array.prototype.filter.call(play.querySelectorAll(".moves button.shown, .moves form.shown button"), function (b) {
      return b.offsetParent !== null;
    });
  }
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    var play = target && target.closest && target.closest("[data-play]");
    if (!play) return;
    var picked = play.querySelector(".hand .card.selected");
    if (!picked) return;
    var moves = shownMoves(play);
    if (!moves.length) return;
    var cards = Array.prototype.slice.call(play.querySelectorAll(".hand .card[data-playable]"));
    var after = cards[cards.indexOf(picked) + 1];
    var go = null;
    if (target === picked && !event.shiftKey) go = moves[0];
    else if (target === moves[0] && event.shiftKey) go = picked;
    else if (target === moves[moves.length - 1] && !event.shiftKey) go = after || null;
    else if (after && target === after && event.shiftKey) go = moves[moves.length - 1];
    if (go) {
      event.preventDefault();
      go.focus();
    }
  });
  // After a move the focus goes to the decision, if one waits, else to the hand's first card
  // that plays, else to the hand itself.
  function focusAfterMove() {
    var go = document.querySelector("#board .decision-buttons button")
      || document.querySelector("#board .hand .card[data-playable]")
      || document.querySelector("#board .hand");
    if (go) go.focus();
  }

  // A replay's steps: the arrow keys follow the previous and next links (data-step-key).
  // A key held down (or a slow machine between its down and up) repeats: one step per press.
  document.addEventListener("keydown", function (event) {
    if (event.repeat || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    if (target && target.closest && target.closest("input, select, textarea")) return;
    var link = document.querySelector('a[data-step-key="' + event.key + '"]');
    if (link) window.location.href = link.href;
  });

  // A move that throws away the side's own miles (data-danger) asks first: the first tap shows
  // what it costs and arms the button, the second plays it (the server checks the box).
  function armedOrAsk(form) {
    if (!form.hasAttribute("data-danger")) return true;
    var box = form.querySelector('input[name="confirmed"]');
    if (form.classList.contains("armed")) return true;
    form.classList.add("armed");
    if (box) box.checked = true;
    var button = form.querySelector("button");
    if (button) button.textContent = words("play-anyway", "Yes, play it anyway");
    return false;
  }

  // ------------------------------------------------------------ a score card's points as typed
  // A paper score card's form has a row per hand; as a count is typed, the hand's points and
  // the round's total follow (the server says the same once the card is in). A hand with a
  // field that is not a count shows "…".
  function cardPoints(form) {
    var total = 0;
    var complete = true;
    Array.prototype.forEach.call(form.querySelectorAll("fieldset.card-hand"), function (hand) {
      var points = 0;
      var full = true;
      Array.prototype.forEach.call(hand.querySelectorAll("input[data-value]"), function (input) {
        var text = input.value.trim();
        if (!/^[0-9]+$/.test(text)) { full = false; return; }
        var n = parseInt(text, 10);
        points += n * parseInt(input.getAttribute("data-value"), 10);
        var bonus = parseInt(input.getAttribute("data-bonus") || "0", 10);
        if (bonus > 0 && String(n) === input.getAttribute("data-most")) points += bonus;
      });
      var shown = hand.querySelector(".hand-points strong");
      if (shown) shown.textContent = full ? String(points) : "\u2026";
      if (full) total += points; else complete = false;
    });
    var sum = form.querySelector(".hand-total strong");
    if (sum) sum.textContent = complete ? String(total) : "\u2026";
  }
  document.addEventListener("input", function (event) {
    var form = event.target && event.target.closest ? event.target.closest("form.card-form") : null;
    if (form) cardPoints(form);
  });

  // ------------------------------------------------------------ forms sent in place
  // A form inside a region marked data-fetch-forms (a seat's board) is sent without leaving
  // the page: the answer (the page the post redirects to) gives the region's new HTML and any
  // message, and the page keeps its scroll position. Without fetch the form posts as usual.
  function sendInPlace(event, form, submitter) {
    var region = form.closest("[data-fetch-forms]");
    // (A score card form reloads the page: its refused values live in the session.)
    if (!region || form.hasAttribute("data-reload") || !region.id || !window.fetch || !window.DOMParser || !window.URLSearchParams) return;
    // A browser that does not say which button was tapped posts the form itself, which does.
    if (!submitter && form.querySelector("button[name]")) return;
    event.preventDefault();
    var move = { form: form, button: submitter };
    // (Not form.action: a move form has a field named "action", which that would name.)
    post(region, move, form.getAttribute("action") || window.location.href, bodyOf(move));
  }
  // What a move sends: its form's fields, and the name and value of its button if it has one
  // (the moves' form: each of its buttons is a move).
  function bodyOf(move) {
    var data = new FormData(move.form);
    if (move.button && move.button.name) data.append(move.button.name, move.button.value);
    return new URLSearchParams(data).toString();
  }
  // The moves a region offers: each button of a form that names its buttons, else each form.
  function movesIn(region) {
    var moves = [];
    Array.prototype.forEach.call(region.querySelectorAll("form"), function (form) {
      var buttons = form.querySelectorAll("button[name]");
      if (!buttons.length) moves.push({ form: form, button: null });
      Array.prototype.forEach.call(buttons, function (button) {
        moves.push({ form: form, button: button });
      });
    });
    return moves;
  }
  function post(region, move, url, body) {
    var form = move.form;
    var buttons = form.querySelectorAll("button");
    Array.prototype.forEach.call(buttons, function (b) { b.disabled = true; });
    fetch(url, {
      method: "POST",
      body: new URLSearchParams(body),
      credentials: "same-origin",
      headers: { "Accept": "text/html" }
    }).then(function (response) {
      // A proxy's answer while the server restarts is no answer either.
      if (response.status >= 502 && response.status <= 504) return null;
      return response.text();
    }, function () {
      return null;
    }).then(function (html) {
      if (html === null) {
        notSent(region, move, url, body);
        return;
      }
      forgetUnsent();
      var fresh = new DOMParser().parseFromString(html, "text/html");
      var replacement = fresh.getElementById(region.id);
      if (!replacement) {
        // Not the page (an error page): post the move the ordinary way to show it.
        if (document.body.contains(form)) submitPlainly(move); else window.location.reload();
        return;
      }
      showMessages(region, fresh.querySelectorAll("main > .flash"));
      region.innerHTML = replacement.innerHTML;
      // The move is played: no card stays picked (a second card of the same name would, and
      // Enter on it would put it down again).
      pickedCard = null;
      region.dispatchEvent(new CustomEvent("touring:updated", { bubbles: true, detail: { ownMove: true } }));
      scanClocks();
      focusAfterMove();
    }).catch(function () {
      notSent(region, move, url, body);
    });
  }
  // A move posted the ordinary way, its button's name and value with it (form.submit() sends
  // no button).
  function submitPlainly(move) {
    if (move.button && move.button.name) {
      var field = document.createElement("input");
      field.type = "hidden";
      field.name = move.button.name;
      field.value = move.button.value;
      move.form.appendChild(field);
    }
    move.form.submit();
  }
  // The messages above a region (a page's flashes) replaced by these.
  function showMessages(region, messages) {
    var main = region.parentNode;
    Array.prototype.forEach.call(main.querySelectorAll(":scope > .flash"), function (old) {
      old.parentNode.removeChild(old);
    });
    Array.prototype.forEach.call(messages, function (message) {
      main.insertBefore(document.importNode(message, true), region);
    });
  }

  // ------------------------------------------------------------ a move sent while offline
  // A move whose post does not reach the server (the Wi-Fi dropped, the server restarts, a
  // proxy answers 502-504) keeps the page: "Not sent: no connection" shows beside the move,
  // and the move is sent again as it was when the connection returns (the live stream opens
  // again, the browser says it is online, or a try every few seconds), or when the guest taps
  // it again; the answer then draws the board as the server has it. The server refuses a move
  // whose position (seen) is out of date, so a move that arrived before its answer was lost is
  // never played twice: the board shows the table as it stands instead.
  var unsent = null;
  // What a form sends, leaving out its CSRF token (a redraw may carry another).
  function sends(body) {
    var data = new URLSearchParams(body);
    data.delete("csrf");
    data.delete("confirmed");
    return data.toString();
  }
  function unsentMove() {
    if (!unsent) return null;
    var moves = movesIn(unsent.region);
    for (var i = 0; i < moves.length; i++) {
      if (sends(bodyOf(moves[i])) === unsent.key) return moves[i];
    }
    return null;
  }
  function notSent(region, move, url, body) {
    var key = sends(body);
    var tries = unsent && unsent.key === key ? unsent.tries + 1 : 1;
    forgetUnsent();
    unsent = { region: region, url: url, body: body, key: key, tries: tries, timer: null };
    Array.prototype.forEach.call(move.form.querySelectorAll("button"), function (b) { b.disabled = false; });
    markUnsent(document.body.contains(move.form) ? move : (unsentMove() || move));
    if (tries === 1) announce("unsent:" + key + ":" + Date.now(), words("unsent", "Not sent: no connection. It is sent again when the connection returns."), true);
    // 2 s, 4 s, 8 s... up to 15 s between tries.
    unsent.timer = window.setTimeout(resend, Math.min(15000, 1000 * Math.pow(2, tries)));
  }
  // The note goes right after the move's button, or at the end of its form.
  function markUnsent(move) {
    var note = document.createElement("p");
    note.className = "unsent";
    note.setAttribute("role", "status");
    note.textContent = words("unsent-note", "Not sent: no connection. It is sent again when the connection returns, or tap the move again.");
    if (move.button) move.button.insertAdjacentElement("afterend", note);
    else move.form.appendChild(note);
  }
  function forgetUnsent() {
    if (unsent && unsent.timer) window.clearTimeout(unsent.timer);
    unsent = null;
    Array.prototype.forEach.call(document.querySelectorAll(".unsent"), function (note) {
      note.parentNode.removeChild(note);
    });
  }
  function resend() {
    if (!unsent) return;
    if (unsent.timer) window.clearTimeout(unsent.timer);
    unsent.timer = null;
    var move = unsentMove();
    if (!move) {
      // The board was drawn again without that move (the table moved on): nothing to send.
      var region = unsent.region;
      forgetUnsent();
      var note = document.createElement("p");
      note.className = "flash info";
      note.setAttribute("role", "status");
      note.innerHTML = "<strong></strong>";
      note.firstChild.textContent = words("moved-on", "The connection is back, and the table had moved on: the move tapped offline was not sent again. Here is the table as it stands.");
      showMessages(region, [note]);
      return;
    }
    post(unsent.region, move, unsent.url, unsent.body);
  }
  // The connection is back: send what waits at once.
  function connectionBack() {
    if (unsent && unsent.timer) resend();
  }
  window.addEventListener("online", connectionBack);
  // A live redraw of the board (the stream is back, so is the connection): the move waiting to
  // be sent keeps its note if the new board still offers it, and is sent.
  document.addEventListener("touring:updated", function (event) {
    if (!unsent || (event.detail && event.detail.ownMove) || !unsent.timer) return;
    var move = unsentMove();
    if (move && !unsent.region.querySelector(".unsent")) markUnsent(move);
    resend();
  });

  // The print pages' Print button and the error page's Go back link (no inline script: the
  // Content-Security-Policy forbids it).
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target || !target.closest) return;
    var card = target.closest(".hand .card[data-playable]");
    var skip = target.closest("[data-skip-hand]");
    var hand = skip && document.querySelector("#board .hand");
    if (card) {
      pickCard(card);
    } else if (hand) {
      // The skip link leads to the hand itself (without script, to the board it starts).
      event.preventDefault();
      (document.querySelector("#board .hand .card[data-playable]") || hand).focus();
    } else if (target.closest("[data-print]")) {
      event.preventDefault();
      window.print();
    } else if (target.closest("[data-back]") && window.history.length > 1) {
      event.preventDefault();
      window.history.back();
    }
  });


  // The projector's long lists (tables, standings) page through what does not fit, on a
  // slow rhythm. Without script every item shows and the CSS scales them down.
  var PAGE_MS = 8000;
  var pagers = {};
  function layoutPager(list) {
    var name = list.getAttribute("data-pager");
    var items = list.querySelectorAll("[data-page-item]");
    Array.prototype.forEach.call(items, function (item) { item.hidden = false; });
    // The list's height is fixed by the wall's layout: a page is the run of items whose
    // bottom fits within that height from the top of the page's first item.
    var pages = [];
    var start = 0;
    var height = list.clientHeight;
    var pageTop = list.getBoundingClientRect().top;
    Array.prototype.forEach.call(items, function (item, i) {
      var box = item.getBoundingClientRect();
      if (i > start && box.bottom - pageTop > height) {
        pages.push([start, i]);
        start = i;
        pageTop = box.top;
      }
    });
    pages.push([start, items.length]);
    var old = pagers[name];
    pagers[name] = { list: list, items: items, pages: pages, page: old ? old.page % pages.length : 0 };
    showPage(name);
  }
  function showPage(name) {
    var p = pagers[name];
    if (!p) return;
    var range = p.pages[p.page];
    Array.prototype.forEach.call(p.items, function (item, i) {
      item.hidden = p.pages.length > 1 && (i < range[0] || i >= range[1]);
    });
    var label = document.querySelector('[data-pager-label="' + name + '"]');
    if (label) {
      label.textContent = p.pages.length > 1 ? "· page " + (p.page + 1) + " of " + p.pages.length : "";
    }
  }
  function scanPagers() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-pager]"), layoutPager);
  }
  function turnPages() {
    Object.keys(pagers).forEach(function (name) {
      var p = pagers[name];
      if (!document.body.contains(p.list)) { delete pagers[name]; return; }
      p.page = (p.page + 1) % p.pages.length;
      showPage(name);
    });
  }
  document.addEventListener("touring:updated", scanPagers);
  window.addEventListener("resize", scanPagers);

  // ------------------------------------------------------------ a game's own options
  // The start page has a fieldset of options per game (data-for-rules="its id", or several
  // ids with spaces between, for a hint that fits more than one); with the script only the
  // chosen game's show. Without it every game's shows, each under its name,
  // and the server reads only the chosen game's.
  function showChosenRules() {
    var chosen = document.querySelector("input[name=rules]:checked");
    Array.prototype.forEach.call(document.querySelectorAll("[data-for-rules]"), function (el) {
      var games = (el.getAttribute("data-for-rules") || "").split(" ");
      el.hidden = !chosen || games.indexOf(chosen.value) < 0;
    });
  }
  function setUpRulesChoice() {
    var radios = document.querySelectorAll("input[name=rules]");
    Array.prototype.forEach.call(radios, function (radio) {
      radio.addEventListener("change", showChosenRules);
    });
    if (radios.length) {
      showChosenRules();
    }
  }

  document.documentElement.classList.add("js");
  document.addEventListener("DOMContentLoaded", function () {
    setUpRulesChoice();
    scanClocks();
    scanHands();
    buzz();
    if (document.querySelector("[data-pager]")) {
      scanPagers();
      setInterval(turnPages, PAGE_MS);
    }
    checkRoundState();
    checkSeatRound();
    tellBoard(true);
    setUpMute();
    setInterval(tick, 250);
    tick();
    connectLive();
    confirmations();
    var button = document.getElementById("sound");
    if (button) {
      button.addEventListener("click", function () { enableSound(button); });
    }
  });
})();
