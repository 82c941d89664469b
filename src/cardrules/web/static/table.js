// cardrules table page: live views over a WebSocket, moves by click or by typing.
// The server draws every view; this script only swaps them in and sends choices.
// Without JavaScript the forms post and the server answers with the new page.
(function () {
  "use strict";
  var main = document.getElementById("table");
  var view = document.getElementById("view");
  var message = document.getElementById("message");
  if (!main || !main.dataset.socket) return;
  var socket = null;
  var selected = [];

  function version() {
    var node = view.querySelector(".view");
    return node ? parseInt(node.dataset.version, 10) : -1;
  }
  function mySeat() {
    var node = view.querySelector(".view");
    return node && node.dataset.seat !== undefined ? node.dataset.seat : null;
  }
  function say(text) { message.textContent = text; }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + main.dataset.socket);
    socket.onmessage = function (event) {
      var data = JSON.parse(event.data);
      if (data.type === "view") {
        if (data.version !== version()) say("");
        view.innerHTML = data.html;
        selected = [];
        main.dataset.version = String(data.version);
      } else if (data.type === "refused") {
        say(data.message);
      }
    };
    socket.onclose = function () {
      socket = null;
      setTimeout(connect, 1000);
    };
  }

  function send(data) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    data.version = version();
    socket.send(JSON.stringify(data));
    return true;
  }

  view.addEventListener("submit", function (event) {
    var form = event.target;
    var ok = false;
    if (form.classList.contains("undo")) {
      ok = send({ type: "undo" });
    } else {
      var button = event.submitter;
      var field = form.querySelector("input[name=move]");
      var move = button && button.value ? button.value : field ? field.value : "";
      ok = send({ type: "move", move: move });
    }
    if (ok) event.preventDefault();
  });

  // A card's words in move notation: its position (with its seat when not
  // ours), its place (discard-1 -> "discard 1") or the card itself.
  function keys(card) {
    var d = card.dataset;
    var found = [];
    if (d.pos !== undefined) {
      found.push(d.seat === mySeat() ? d.pos : d.seat + " " + d.pos);
      found.push(d.pos);
    }
    if (d.place !== undefined) found.push(d.place.replace(/-/g, " "));
    if (d.card !== undefined) found.push(d.card);
    return found;
  }
  function fits(move, chosen) {
    var padded = " " + move + " ";
    return chosen.every(function (key) { return padded.indexOf(" " + key + " ") >= 0; });
  }

  view.addEventListener("click", function (event) {
    var card = event.target.closest ? event.target.closest("g.card") : null;
    if (!card) return;
    var buttons = Array.prototype.slice.call(view.querySelectorAll("button.move"));
    if (!buttons.length) { say("It is not your decision."); return; }
    var options = keys(card);
    var chosen = null;
    for (var i = 0; i < options.length && chosen === null; i++) {
      var trial = selected.concat([options[i]]);
      if (buttons.some(function (b) { return fits(b.value, trial); })) chosen = trial;
    }
    for (var j = 0; j < options.length && chosen === null; j++) {
      if (buttons.some(function (b) { return fits(b.value, [options[j]]); })) chosen = [options[j]];
    }
    if (chosen === null) { say("No legal move with that card."); return; }
    selected = chosen;
    var matching = buttons.filter(function (b) { return fits(b.value, selected); });
    buttons.forEach(function (b) {
      b.classList.toggle("candidate", matching.indexOf(b) >= 0);
    });
    if (matching.length === 1) {
      matching[0].click();
    } else {
      say(matching.length + " moves with that: choose one, or click another card.");
    }
  });

  connect();
})();
