/** The page's only script: the case browser. It reads the JSON data block and builds the DOM with textContent only. */

// Plain ES2020 in a string: it is inlined into the page (and hashed for the CSP), never bundled or transpiled.
// Data never reaches innerHTML, setAttribute of a URL-bearing attribute, or anything that parses markup. The hash
// (deep links) is read as data too: decoded, compared with ids and labels, never written into the page as markup.
export const BROWSER_SCRIPT = `"use strict";
(function () {
  var source = document.getElementById("report-data");
  if (!source) return;
  var data = JSON.parse(source.textContent);
  var S = data.strings, R = data.records, STRIDE = 10, PAGE = 100;
  var STATUS = ["passed", "failed", "error"], BADGE = ["PASS", "FAIL", "ERROR"], DASH = "\\u2013";
  var total = R.length / STRIDE, NP = data.protocols.length;
  var shown = PAGE, view = "list";
  var $ = function (id) { return document.getElementById(id); };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  function str(i) { return i < 0 ? null : S[i]; }
  function keyOf(i) { var o = i * STRIDE; return R[o + 1] * NP + R[o + 2]; }

  // Failures first: failed and errored records in the runs' order, then the passes.
  var order = [], passes = [];
  for (var i = 0; i < total; i++) (R[i * STRIDE + 3] === 0 ? passes : order).push(i);
  var failing = order.length;
  order = order.concat(passes);

  // One case in one protocol across the runs: its records, by run. A case × protocol "disagrees" when its
  // records' outcomes (passed, failed, error) are not all the same.
  var groups = new Map(), cell = new Map();
  for (var j = 0; j < total; j++) {
    var k = keyOf(j);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(j);
    if (!cell.has(k * data.runs.length + R[j * STRIDE])) cell.set(k * data.runs.length + R[j * STRIDE], j);
  }
  var disagrees = new Map();
  groups.forEach(function (members, key) {
    var first = R[members[0] * STRIDE + 3];
    disagrees.set(key, members.some(function (m) { return R[m * STRIDE + 3] !== first; }));
  });
  function recordOf(run, key) { var r = cell.get(key * data.runs.length + run); return r === undefined ? -1 : r; }

  // Lower-cased text, made on the first search that needs it.
  var lower = [], lowerIds = data.cases.map(function (c) { return c[0].toLowerCase(); });
  function contains(index, q) {
    if (index < 0) return false;
    if (lower[index] === undefined) lower[index] = S[index].toLowerCase();
    return lower[index].indexOf(q) !== -1;
  }

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
    search: $("filter-search"), run: $("filter-run"), protocol: $("filter-protocol"), verdict: $("filter-verdict"),
    category: $("filter-category"), lang: $("filter-lang"), difficulty: $("filter-difficulty"),
    flipped: $("filter-flipped"), disagree: $("filter-disagree")
  };
  var runIndices = data.runs.map(function (_, i) { return i; }), runLabels = data.runs.map(function (r) { return r.label; });
  fill(filters.run, runIndices, runLabels);
  fill(filters.flipped, runIndices, runLabels);
  fill(filters.protocol, data.protocols.map(function (_, i) { return i; }), data.protocols);
  fill(filters.verdict, [0, 1, 2], STATUS);
  fill(filters.category, distinct(2));
  fill(filters.lang, distinct(1));
  fill(filters.difficulty, distinct(3));

  /** The filters' values, read once per render. */
  function criteria() {
    var num = function (name) { return filters[name].value === "" ? -1 : Number(filters[name].value); };
    return {
      run: num("run"), protocol: num("protocol"), verdict: num("verdict"), flipped: num("flipped"),
      category: filters.category.value, lang: filters.lang.value, difficulty: filters.difficulty.value,
      disagree: filters.disagree.checked, q: filters.search.value.trim().toLowerCase()
    };
  }

  function matches(i, f) {
    var o = i * STRIDE, c = data.cases[R[o + 1]];
    if (f.run !== -1 && R[o] !== f.run) return false;
    if (f.protocol !== -1 && R[o + 2] !== f.protocol) return false;
    if (f.verdict !== -1 && R[o + 3] !== f.verdict) return false;
    if (f.category !== "" && c[2] !== f.category) return false;
    if (f.lang !== "" && c[1] !== f.lang) return false;
    if (f.difficulty !== "" && c[3] !== f.difficulty) return false;
    if (f.disagree && !disagrees.get(keyOf(i))) return false;
    if (f.flipped !== -1) {
      if (R[o] === f.flipped) return false;
      var then = recordOf(f.flipped, keyOf(i));
      if (then === -1 || R[then * STRIDE + 3] === R[o + 3]) return false;
    }
    if (f.q === "") return true;
    return lowerIds[R[o + 1]].indexOf(f.q) !== -1 || contains(R[o + 4], f.q) || contains(R[o + 6], f.q);
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

  /** An absent figure is a dash, never 0. */
  function figure(value, unit) { return value < 0 ? DASH : Math.round(value).toLocaleString("en-US") + unit; }
  function usage(o) {
    var wrap = el("div", "field usage");
    wrap.append(el("h4", null, "Latency and tokens"));
    var list = el("dl");
    [["latency", figure(R[o + 7], " ms")], ["prompt tokens", figure(R[o + 8], "")],
      ["completion tokens", figure(R[o + 9], "")]].forEach(function (pair) {
      list.append(el("dt", null, pair[0]), el("dd", null, pair[1]));
    });
    wrap.append(list);
    return wrap;
  }

  function body(i) {
    var o = i * STRIDE, c = data.cases[R[o + 1]], status = R[o + 3];
    var wrap = el("div", "case-body");
    wrap.append(field("Expected", str(c[4]), "not available: the corpus file of this run was not found"));
    wrap.append(field(status === 2 ? "Error (not scored)" : "Verdict: " + STATUS[status], str(R[o + 6]), "no reason recorded"));
    wrap.append(field("Extracted calls", str(R[o + 5]), status === 2 ? "none: the request failed" : "none"));
    wrap.append(field("Raw model output", str(R[o + 4]), "no output"));
    wrap.append(usage(o));
    wrap.append(conversation(R[o + 1], R[o + 2]));
    return wrap;
  }

  /** The record's address: case id, run label and protocol, each URI-encoded. */
  function linkOf(i) {
    var o = i * STRIDE;
    return "case=" + encodeURIComponent(data.cases[R[o + 1]][0]) + "&run=" + encodeURIComponent(data.runs[R[o]].label) +
      "&protocol=" + encodeURIComponent(data.protocols[R[o + 2]]);
  }

  function badge(status) { return el("span", "badge " + STATUS[status], BADGE[status]); }

  var rowOf = new Map();
  function row(i) {
    var o = i * STRIDE, c = data.cases[R[o + 1]], run = data.runs[R[o]], status = STATUS[R[o + 3]];
    var details = el("details", "case " + status);
    details.dataset.record = String(i);
    var summary = el("summary");
    summary.append(badge(R[o + 3]));
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
      if (!details.open) return;
      if (details.childElementCount === 1) details.append(body(i));
      // replaceState fires no hashchange: opening a record never re-runs the link it came from.
      history.replaceState(null, "", "#" + linkOf(i));
    });
    rowOf.set(i, details);
    return details;
  }

  function renderList(f) {
    var list = $("case-list"), matched = 0, rows = [], failed = 0;
    rowOf = new Map();
    for (var n = 0; n < total; n++) {
      var i = order[n];
      if (!matches(i, f)) continue;
      matched++;
      if (n < failing) failed++;
      if (rows.length < shown) rows.push(row(i));
    }
    list.replaceChildren.apply(list, rows);
    if (matched === 0) list.append(el("p", "empty", "No records match these filters."));
    $("case-count").textContent = matched + " of " + total + " records match (" + failed +
      " failed or errored, listed first, then " + (matched - failed) + " passed)" +
      (matched > rows.length ? "; showing the first " + rows.length : "");
    $("case-more").hidden = matched <= rows.length;
  }

  function openInMatrix(i) {
    var detail = $("matrix-detail"), details = row(i);
    detail.replaceChildren(details);
    details.open = true;
    details.scrollIntoView({ block: "nearest" });
  }

  /** Rows are cases × protocol with a matching record, failing rows first; one column per run. */
  function renderMatrix(f) {
    var keys = [], calm = [], matched = 0;
    groups.forEach(function (members, key) {
      var hit = false, bad = false;
      for (var m = 0; m < members.length; m++) {
        if (R[members[m] * STRIDE + 3] !== 0) bad = true;
        if (!hit && matches(members[m], f)) hit = true;
      }
      if (hit) (bad ? keys : calm).push(key);
    });
    var failingRows = keys.length;
    keys = keys.concat(calm);
    matched = keys.length;
    // A grid of rows rather than a table: rows off screen can then skip layout (content-visibility), which table
    // rows cannot, and a page of 100 rows x many runs stays fast.
    var columns = "210px 70px repeat(" + data.runs.length + ", 90px)";
    var table = el("div", "matrix"), head = el("div", "mrow head");
    table.setAttribute("role", "table");
    head.setAttribute("role", "row");
    head.style.gridTemplateColumns = columns;
    var header = function (text) { var th = el("div", "th", text); th.setAttribute("role", "columnheader"); return th; };
    head.append(header("case"), header("protocol"));
    data.runs.forEach(function (run) {
      var th = header(), swatch = el("i", "swatch");
      th.title = run.label;
      swatch.style.background = run.color;
      th.append(swatch, document.createTextNode(run.label));
      head.append(th);
    });
    table.append(head);
    var cellOf = function (className, text) { var td = el("div", className, text); td.setAttribute("role", "cell"); return td; };
    keys.slice(0, shown).forEach(function (key) {
      var tr = el("div", "mrow"), c = data.cases[Math.floor(key / NP)];
      tr.setAttribute("role", "row");
      tr.style.gridTemplateColumns = columns;
      tr.append(cellOf("id", c[0]), cellOf("proto", data.protocols[key % NP]));
      data.runs.forEach(function (run, r) {
        var td = cellOf(), i = recordOf(r, key);
        if (i === -1) td.append(el("span", "empty", DASH));
        else {
          var button = el("button", "cell");
          button.type = "button";
          button.title = run.label + ": open this record";
          button.dataset.record = String(i);
          button.append(badge(R[i * STRIDE + 3]));
          td.append(button);
        }
        tr.append(td);
      });
      table.append(tr);
    });
    var wrap = $("case-matrix");
    wrap.replaceChildren(table);
    if (matched === 0) wrap.append(el("p", "empty", "No records match these filters."));
    var rows = Math.min(shown, matched);
    $("case-count").textContent = matched + " cases × protocol match (" + failingRows +
      " with a failed or errored record, listed first)" + (matched > rows ? "; showing the first " + rows : "");
    $("case-more").hidden = matched <= rows;
  }

  function render() {
    var f = criteria();
    $("case-list").hidden = view !== "list";
    $("case-matrix").hidden = view !== "matrix";
    $("matrix-detail").hidden = view !== "matrix";
    $("view-list").setAttribute("aria-pressed", String(view === "list"));
    $("view-matrix").setAttribute("aria-pressed", String(view === "matrix"));
    if (view === "list") renderList(f); else renderMatrix(f);
  }

  function reset() {
    Object.keys(filters).forEach(function (name) {
      if (filters[name].type === "checkbox") filters[name].checked = false; else filters[name].value = "";
    });
    shown = PAGE;
  }

  /** The link's parameters, or null when the hash is no record link (a section anchor, nothing). */
  function linkParams() {
    var hash = location.hash.replace(/^#/, "");
    if (!/(^|&)case=/.test(hash)) return null;
    var params = {};
    hash.split("&").forEach(function (part) {
      var eq = part.indexOf("=");
      if (eq <= 0) return;
      try { params[decodeURIComponent(part.slice(0, eq))] = decodeURIComponent(part.slice(eq + 1)); }
      catch (e) { params.malformed = true; }
    });
    return params;
  }

  /** A run by its label or, failing that, its 1-based position in the report; -1 when neither names one. */
  function runNamed(name) {
    var byLabel = runLabels.indexOf(name);
    if (byLabel !== -1) return byLabel;
    return /^[0-9]+$/.test(name) && Number(name) >= 1 && Number(name) <= data.runs.length ? Number(name) - 1 : -1;
  }

  function findLinked(params) {
    var run = params.run === undefined ? -2 : runNamed(params.run);
    var protocol = params.protocol === undefined ? -2 : data.protocols.indexOf(params.protocol);
    if (params.malformed || run === -1 || protocol === -1) return -1;
    for (var i = 0; i < total; i++) {
      var o = i * STRIDE;
      if (data.cases[R[o + 1]][0] !== params.case) continue;
      if ((run === -2 || R[o] === run) && (protocol === -2 || R[o + 2] === protocol)) return i;
    }
    return -1;
  }

  function followLink() {
    var params = linkParams(), notice = $("case-link");
    if (params === null) return;
    var i = findLinked(params);
    if (i === -1) {
      var asked = "case " + (params.case || "?") + (params.run === undefined ? "" : ", run " + params.run) +
        (params.protocol === undefined ? "" : ", protocol " + params.protocol);
      notice.textContent = "The link asks for a record this report does not hold (" + asked + ").";
      notice.hidden = false;
      return;
    }
    notice.hidden = true;
    reset();
    view = "list";
    var o = i * STRIDE;
    filters.run.value = String(R[o]);
    filters.protocol.value = String(R[o + 2]);
    filters.search.value = data.cases[R[o + 1]][0];
    render();
    while (!rowOf.has(i) && shown < total) { shown += PAGE; render(); }
    var details = rowOf.get(i);
    if (!details) return;
    details.classList.add("linked");
    details.open = true;
    details.scrollIntoView({ block: "start" });
  }

  Object.keys(filters).forEach(function (name) {
    filters[name].addEventListener(name === "search" ? "input" : "change", function () { shown = PAGE; render(); });
  });
  $("case-more").addEventListener("click", function () { shown += PAGE; render(); });
  $("case-reset").addEventListener("click", function () { reset(); render(); });
  $("view-list").addEventListener("click", function () { view = "list"; shown = PAGE; render(); });
  $("view-matrix").addEventListener("click", function () { view = "matrix"; shown = PAGE; render(); });
  // One listener for every cell: a page of the matrix holds hundreds of them.
  $("case-matrix").addEventListener("click", function (event) {
    var button = event.target.closest("button.cell");
    if (button) openInMatrix(Number(button.dataset.record));
  });
  window.addEventListener("hashchange", followLink);
  var notes = $("case-notes");
  data.notes.forEach(function (note) { notes.append(el("li", null, note)); });
  render();
  performance.mark("tooluse:cases-rendered");
  followLink();
})();
`;
