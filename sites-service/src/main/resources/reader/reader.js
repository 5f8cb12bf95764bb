// Bindery's reader: a "Copy" button on each code block. Pages are complete without this script (CSP script-src 'self').
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
