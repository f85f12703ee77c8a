/** The page's only script: the case browser. It reads the JSON data block and builds the DOM with textContent only. */

// Plain ES2020 in a string: it is inlined into the page (and hashed for the CSP), never bundled or transpiled.
// Data never reaches innerHTML, setAttribute of a URL-bearing attribute, or anything that parses markup.
export const BROWSER_SCRIPT = `"use strict";
(function () {
  var source = document.getElementById("report-data");
  if (!source) return;
  var data = JSON.parse(source.textContent);
  var S = data.strings, R = data.records, STRIDE = 7, PAGE = 100;
  var STATUS = ["passed", "failed", "error"];
  var total = R.length / STRIDE;
  var shown = PAGE;
  var $ = function (id) { return document.getElementById(id); };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  function str(i) { return i < 0 ? null : S[i]; }

  function fill(select, values, labels) {
    for (var i = 0; i < values.length; i++) {
      var option = el("option", null, labels ? labels[i] : values[i]);
      option.value = String(values[i]);
      select.append(option);
    }
  }
  function distinct(column) {
    var seen = {};
    data.cases.forEach(function (c) { seen[c[column]] = true; });
    return Object.keys(seen).sort();
  }

  var filters = {
    run: $("filter-run"), protocol: $("filter-protocol"), verdict: $("filter-verdict"),
    category: $("filter-category"), lang: $("filter-lang"), difficulty: $("filter-difficulty"), id: $("filter-id")
  };
  fill(filters.run, data.runs.map(function (_, i) { return i; }), data.runs.map(function (r) { return r.label; }));
  fill(filters.protocol, data.protocols.map(function (_, i) { return i; }), data.protocols);
  fill(filters.verdict, [0, 1, 2], STATUS);
  fill(filters.category, distinct(2));
  fill(filters.lang, distinct(1));
  fill(filters.difficulty, distinct(3));

  function matches(i) {
    var o = i * STRIDE, c = data.cases[R[o + 1]];
    var f = function (name) { return filters[name].value; };
    if (f("run") !== "" && R[o] !== Number(f("run"))) return false;
    if (f("protocol") !== "" && R[o + 2] !== Number(f("protocol"))) return false;
    if (f("verdict") !== "" && R[o + 3] !== Number(f("verdict"))) return false;
    if (f("category") !== "" && c[2] !== f("category")) return false;
    if (f("lang") !== "" && c[1] !== f("lang")) return false;
    if (f("difficulty") !== "" && c[3] !== f("difficulty")) return false;
    var q = filters.id.value.trim().toLowerCase();
    return q === "" || c[0].toLowerCase().indexOf(q) !== -1;
  }

  function field(title, text, empty) {
    var wrap = el("div", "field");
    wrap.append(el("h4", null, title));
    wrap.append(text === null ? el("p", "empty", empty) : el("pre", null, text));
    return wrap;
  }

  function conversation(caseIndex, protocolIndex) {
    var wrap = el("div", "field");
    wrap.append(el("h4", null, "Conversation as rendered (" + data.protocols[protocolIndex] + ")"));
    var flat = data.conversations[caseIndex + ":" + protocolIndex];
    if (!flat) { wrap.append(el("p", "empty", "not available: the corpus file of this run was not found")); return wrap; }
    for (var k = 0; k < flat.length; k += 2) {
      var role = data.roles[flat[k]], text = S[flat[k + 1]];
      var message = el("div", "msg role-" + role);
      if (role === "system" || role === "tools") {
        var fold = el("details");
        fold.append(el("summary", "role", role + " (" + text.length + " characters)"));
        fold.append(el("pre", null, text));
        message.append(fold);
      } else {
        message.append(el("div", "role", role));
        message.append(el("pre", null, text));
      }
      wrap.append(message);
    }
    return wrap;
  }

  function body(i) {
    var o = i * STRIDE, c = data.cases[R[o + 1]], status = R[o + 3];
    var wrap = el("div", "case-body");
    wrap.append(field("Expected", str(c[4]), "not available: the corpus file of this run was not found"));
    wrap.append(field(status === 2 ? "Error (not scored)" : "Verdict: " + STATUS[status], str(R[o + 6]), "no reason recorded"));
    wrap.append(field("Extracted calls", str(R[o + 5]), status === 2 ? "none: the request failed" : "none"));
    wrap.append(field("Raw model output", str(R[o + 4]), "no output"));
    wrap.append(conversation(R[o + 1], R[o + 2]));
    return wrap;
  }

  function row(i) {
    var o = i * STRIDE, c = data.cases[R[o + 1]], run = data.runs[R[o]], status = STATUS[R[o + 3]];
    var details = el("details", "case " + status);
    var summary = el("summary");
    summary.append(el("span", "badge " + status, status === "error" ? "ERROR" : status === "passed" ? "PASS" : "FAIL"));
    summary.append(el("span", "id", c[0]));
    summary.append(el("span", "proto", data.protocols[R[o + 2]]));
    var who = el("span", "who");
    var swatch = el("i", "swatch");
    swatch.style.background = run.color;
    who.append(swatch, document.createTextNode(run.label));
    summary.append(who);
    summary.append(el("span", "reason", str(R[o + 6])));
    details.append(summary);
    details.addEventListener("toggle", function () {
      if (details.open && details.childElementCount === 1) details.append(body(i));
    });
    return details;
  }

  function render() {
    var list = $("case-list"), matched = 0, rows = [];
    for (var i = 0; i < total; i++) {
      if (!matches(i)) continue;
      matched++;
      if (rows.length < shown) rows.push(row(i));
    }
    list.replaceChildren.apply(list, rows);
    if (matched === 0) list.append(el("p", "empty", "No records match these filters."));
    $("case-count").textContent = matched + " of " + total + " records match" +
      (matched > rows.length ? "; showing the first " + rows.length : "");
    $("case-more").hidden = matched <= rows.length;
  }

  Object.keys(filters).forEach(function (name) {
    filters[name].addEventListener(name === "id" ? "input" : "change", function () { shown = PAGE; render(); });
  });
  $("case-more").addEventListener("click", function () { shown += PAGE; render(); });
  $("case-reset").addEventListener("click", function () {
    Object.keys(filters).forEach(function (name) { filters[name].value = ""; });
    shown = PAGE;
    render();
  });
  var notes = $("case-notes");
  data.notes.forEach(function (note) { notes.append(el("li", null, note)); });
  render();
})();
`;
