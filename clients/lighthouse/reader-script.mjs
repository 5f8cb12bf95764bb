// The reader's script in Debian's Chromium (puppeteer-core): the light/dark switch and search as you type, and the same
// page without script. Run by sites-service's ReaderScriptTest:
//   node reader-script.mjs <out dir> <page url> <query> <expected title> <url of a page whose site fixes the mode>
// Prints "ok <what>" per check passed, "fail <what>: <why>" and exits 1 at the first that fails, "screenshot <path>"
// per picture; exits 2 when Chromium cannot be started.
import fs from "node:fs";
import path from "node:path";
import puppeteer from "puppeteer-core";

const [outDir, pageUrl, query, expectedTitle, fixedUrl] = process.argv.slice(2);
const chromePath = process.env.BINDERY_CHROMIUM || "/usr/bin/chromium";
fs.mkdirSync(outDir, { recursive: true });

let browser;
try {
  browser = await puppeteer.launch({
    executablePath: chromePath, headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
} catch (e) {
  console.log(`chromium: cannot start ${chromePath}: ${e.message}`);
  process.exit(2);
}

const problems = [];
function check(what, condition, why) {
  if (!condition) {
    console.log(`fail ${what}: ${why}`);
    throw Object.assign(new Error(what), { reported: true });
  }
  console.log(`ok ${what}`);
}
async function open(url, scheme = "light") {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: scheme }]);
  // a Content-Security-Policy violation or a script error is a console error or a page error
  page.on("console", (m) => { if (m.type() === "error") { problems.push(`${url}: console: ${m.text()}`); } });
  page.on("pageerror", (e) => problems.push(`${url}: page error: ${e.message}`));
  await page.goto(url, { waitUntil: "load" });
  return page;
}
const background = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const mode = (page) => page.evaluate(() => document.documentElement.dataset.mode ?? null);
const pressed = (page) => page.$eval("header.top button.mode", (b) => b.getAttribute("aria-pressed"));
async function shot(page, name) {
  const file = path.resolve(outDir, name);
  await page.screenshot({ path: file });
  console.log(`screenshot ${file}`);
}

let status = 0;
try {
  // the switch: follows the system until the visitor chooses, then keeps the choice across pages and visits
  let page = await open(pageUrl, "light");
  check("the switch is a button in the header, shown once the script runs", await page.$("header.top button.mode.ready") !== null
    && await page.$eval("header.top button.mode", (b) => getComputedStyle(b).visibility) === "visible", "no button.mode.ready");
  check("light system: light page, switch not pressed", await background(page) === "rgb(255, 255, 255)"
    && await pressed(page) === "false" && await mode(page) === null, `${await background(page)} ${await pressed(page)}`);
  await page.click("header.top button.mode");
  check("a click turns the page dark", await mode(page) === "dark" && await background(page) === "rgb(13, 17, 23)"
    && await pressed(page) === "true", `${await mode(page)} ${await background(page)}`);
  await page.reload({ waitUntil: "load" });
  await page.waitForFunction(() => document.documentElement.dataset.mode === "dark", { timeout: 5000 });
  check("the choice is kept (localStorage) after a reload", await background(page) === "rgb(13, 17, 23)"
    && await page.evaluate(() => Object.entries(localStorage).some(([k, v]) => k.startsWith("bindery-reader-mode:/") && v === "dark")),
    await background(page));
  await shot(page, "script-dark-chosen.png");
  await page.click("header.top button.mode");
  check("a second click turns it light again", await mode(page) === "light" && await background(page) === "rgb(255, 255, 255)",
    await background(page));
  await page.evaluate(() => localStorage.clear());
  await page.close();
  page = await open(pageUrl, "dark");
  check("dark system, no choice: dark page, switch pressed", await background(page) === "rgb(13, 17, 23)"
    && await pressed(page) === "true" && await mode(page) === null, `${await background(page)} ${await pressed(page)}`);
  await page.close();

  // a site whose theme fixes the mode: no switch, the server's mode whatever the system says
  page = await open(fixedUrl, "light");
  check("a site that fixes its mode has no switch", await page.$("header.top button.mode") === null
    && await mode(page) === "dark" && await background(page) === "rgb(13, 17, 23)", `${await mode(page)} ${await background(page)}`);
  await page.close();

  // search as you type: results under the box while typing, reachable with the arrow keys, Escape closes them
  page = await open(pageUrl, "light");
  await page.click("form.search input[name=q]");
  await page.keyboard.type(query, { delay: 40 });
  await page.waitForSelector(".live:not([hidden]) li a", { timeout: 10000 });
  const hits = await page.$$eval(".live li a", (as) => as.map((a) => ({ title: a.querySelector(".live-title")?.textContent,
    href: a.getAttribute("href"), mark: a.querySelector("mark")?.textContent })));
  check("typing shows results under the box", hits.some((h) => h.title === expectedTitle), JSON.stringify(hits));
  check("the matched words are marked", hits.some((h) => h.mark && h.mark.toLowerCase() === query.toLowerCase()), JSON.stringify(hits));
  const live = await page.$eval(".live-status", (s) => ({ role: s.getAttribute("role"), text: s.textContent }));
  check("a status announces the results", live.role === "status" && /result/.test(live.text), JSON.stringify(live));
  check("the box names the results", await page.$eval("form.search input[name=q]", (i) => i.getAttribute("aria-describedby")) === "live-results",
    "no aria-describedby");
  await shot(page, "script-search.png");
  await page.keyboard.press("ArrowDown");
  check("ArrowDown moves to the first result", await page.evaluate(() => document.activeElement.closest(".live") !== null
    && document.activeElement.tagName === "A"), "focus elsewhere");
  await page.keyboard.press("Escape");
  check("Escape closes the results and returns to the box", await page.$eval(".live", (l) => l.hidden)
    && await page.evaluate(() => document.activeElement.name === "q"), "still open");
  await page.keyboard.press("ArrowDown");
  check("ArrowDown in the box opens the same results again", !await page.$eval(".live", (l) => l.hidden)
    && await page.evaluate(() => document.activeElement.name === "q"), "still closed");
  const first = await page.$eval(".live li a", (a) => a.href);
  await page.keyboard.press("ArrowDown");
  await Promise.all([page.waitForNavigation({ waitUntil: "load" }), page.keyboard.press("Enter")]);
  check("Enter on a result opens its page", page.url() === first, `${page.url()} (expected ${first})`);
  await page.goto(pageUrl, { waitUntil: "load" });
  await page.type("form.search input[name=q]", "zzzz-nothing-matches", { delay: 10 });
  await page.waitForFunction(() => /No page matches|No results/.test(document.querySelector(".live-status")?.textContent ?? ""),
    { timeout: 10000 });
  check("a query without hits says so", true, "");
  await page.close();

  // without script: the page keeps its colours from the system, the form shows the results page
  page = await browser.newPage();
  await page.setJavaScriptEnabled(false);
  await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "dark" }]);
  await page.goto(pageUrl, { waitUntil: "load" });
  check("without script: the switch is not shown (its place kept), the system's dark colours",
    await page.$eval("header.top button.mode", (b) => getComputedStyle(b).visibility) === "hidden"
    && await background(page) === "rgb(13, 17, 23)", await background(page));
  await page.type("form.search input[name=q]", query);
  await Promise.all([page.waitForNavigation({ waitUntil: "load" }), page.click("form.search button[type=submit]")]);
  const titles = await page.$$eval("ol.hits li > a", (as) => as.map((a) => a.textContent));
  check("without script: the form shows the results page", titles.includes(expectedTitle), JSON.stringify(titles));
  await page.close();

  check("no console error, no CSP violation", problems.length === 0, problems.join("; "));
} catch (e) {
  if (!e.reported) {
    console.log(`fail ${e.message}`);
  }
  status = 1;
} finally {
  await browser.close();
}
process.exit(status);
