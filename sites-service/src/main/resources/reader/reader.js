// Bindery's reader: a "Copy" button on each code block, a light/dark switch, and search results as the visitor types.
// Pages are complete without this script (CSP script-src 'self'): the colours follow prefers-color-scheme and the search
// form shows its results page.
"use strict";

for (const figure of document.querySelectorAll("figure.code")) {
  const code = figure.querySelector("pre code");
  if (!code || !navigator.clipboard) {
    continue;
  }
  const button = document.createElement("button");
  button.type = "button";
  button.className = "copy";
  button.setAttribute("aria-live", "polite");
  button.textContent = "Copy";
  button.addEventListener("click", () => {
    navigator.clipboard.writeText(code.textContent).then(
      () => { button.textContent = "Copied"; },
      () => { button.textContent = "Copy failed"; });
    setTimeout(() => { button.textContent = "Copy"; }, 2000);
  });
  figure.append(button);
}

// Light or dark: the visitor's choice for this site, kept in localStorage, else the system's. The page carries the
// switch (invisible until this makes it work); a site whose theme fixes the mode has data-mode on <html> from the
// server and no switch.
(() => {
  const root = document.documentElement;
  if (root.dataset.mode) {
    return;
  }
  const form = document.querySelector("form.search");
  // one choice per site: the sites of one gateway share an origin, so its localStorage
  const site = form ? new URL(form.action, location.href).pathname.replace(/~search$/, "") : "/";
  const KEY = "bindery-reader-mode:" + site;
  const system = window.matchMedia("(prefers-color-scheme: dark)");
  const stored = () => { try { return localStorage.getItem(KEY); } catch { return null; } };
  const current = () => root.dataset.mode || (system.matches ? "dark" : "light");
  const apply = (mode) => {
    if (mode === "light" || mode === "dark") {
      root.dataset.mode = mode;
    }
  };
  apply(stored());
  const button = document.querySelector("header.top button.mode");
  if (!button) {
    return;
  }
  const show = () => button.setAttribute("aria-pressed", String(current() === "dark"));
  show();
  system.addEventListener("change", show);
  button.addEventListener("click", () => {
    const mode = current() === "dark" ? "light" : "dark";
    apply(mode);
    try { localStorage.setItem(KEY, mode); } catch { /* storage refused: this page only */ }
    show();
  });
  button.classList.add("ready");
})();

// Search as you type: the reader's own results page (same origin, the same visitor's cookies), read with DOMParser,
// its hits copied as text into a list under the box. Enter still submits the form to that page.
(() => {
  const form = document.querySelector("form.search");
  const input = form && form.querySelector("input[name=q]");
  if (!form || !input || !window.fetch || !window.DOMParser) {
    return;
  }
  const box = document.createElement("div");
  box.className = "live";
  box.id = "live-results";
  box.hidden = true;
  const status = document.createElement("p");
  status.className = "live-status";
  status.setAttribute("role", "status");
  const list = document.createElement("ul");
  list.setAttribute("aria-label", "Search results");
  box.append(status, list);
  form.append(box);
  input.setAttribute("aria-describedby", "live-results");
  input.setAttribute("autocomplete", "off");

  let pending = null;
  let timer = 0;
  let shown = "";
  const close = () => { box.hidden = true; };
  const links = () => [...list.querySelectorAll("a")];

  const render = (q, doc) => {
    list.replaceChildren();
    const hits = [...doc.querySelectorAll("ol.hits > li")].slice(0, 8);
    for (const hit of hits) {
      const a = hit.querySelector("a");
      if (!a) {
        continue;
      }
      const li = document.createElement("li");
      const link = document.createElement("a");
      link.href = a.getAttribute("href");
      const title = document.createElement("span");
      title.className = "live-title";
      title.textContent = a.textContent;
      link.append(title);
      const where = [...hit.querySelectorAll(".section, .space")].map((s) => s.textContent.trim()).join(" ");
      if (where) {
        const place = document.createElement("span");
        place.className = "live-place";
        place.textContent = " " + where;
        link.append(place);
      }
      const p = hit.querySelector("p");
      if (p) {
        const snippet = document.createElement("span");
        snippet.className = "live-snippet";
        for (const node of p.childNodes) {
          if (node.nodeName === "MARK") {
            const mark = document.createElement("mark");
            mark.textContent = node.textContent;
            snippet.append(mark);
          } else {
            snippet.append(node.textContent);
          }
        }
        link.append(snippet);
      }
      li.append(link);
      list.append(li);
    }
    const message = doc.querySelector(".message");
    status.textContent = hits.length ? `${hits.length === 8 ? "Top 8" : hits.length} result${hits.length === 1 ? "" : "s"} for “${q}”`
      : (message ? message.textContent : `No results for “${q}”`);
    shown = q;
    box.hidden = false;
  };

  const search = () => {
    const q = input.value.trim();
    if (q.length < 2) {
      shown = "";
      close();
      return;
    }
    if (q === shown && !box.hidden) {
      return;
    }
    if (pending) {
      pending.abort();
    }
    pending = new AbortController();
    const url = new URL(form.action, location.href);
    url.searchParams.set("q", q);
    fetch(url, { signal: pending.signal, credentials: "same-origin", headers: { Accept: "text/html" } })
      .then((r) => r.text())
      .then((html) => { if (input.value.trim() === q) { render(q, new DOMParser().parseFromString(html, "text/html")); } })
      .catch((e) => { if (e.name !== "AbortError") { status.textContent = "Search is not available right now."; box.hidden = false; } });
  };

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(search, 150);
  });
  // arrows move between the box and the results (ArrowDown reopens them), Escape closes them
  form.addEventListener("keydown", (e) => {
    const all = links();
    const at = all.indexOf(document.activeElement);
    if (e.key === "Escape" && !box.hidden) {
      close();
      input.focus();
      e.preventDefault();
    } else if (e.key === "ArrowDown" && box.hidden && shown && input.value.trim() === shown) {
      box.hidden = false; // closed with Escape: the arrow opens the same results again
      e.preventDefault();
    } else if (e.key === "ArrowDown" && all.length && !box.hidden) {
      all[Math.min(at + 1, all.length - 1)].focus();
      e.preventDefault();
    } else if (e.key === "ArrowUp" && at >= 0) {
      (at === 0 ? input : all[at - 1]).focus();
      e.preventDefault();
    }
  });
  document.addEventListener("click", (e) => { if (!form.contains(e.target)) { close(); } });
  form.addEventListener("focusout", (e) => { if (e.relatedTarget && !form.contains(e.relatedTarget)) { close(); } });
})();
