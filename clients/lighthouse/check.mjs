// Lighthouse on published-site pages with Debian's Chromium (the one the browser test uses), and screenshots of each:
// light, dark (prefers-color-scheme emulated) and a phone's viewport. Run by sites-service's ReaderLighthouseTest:
//   node check.mjs <out dir> <name>=<url> [<name>=<url> ...]
// Prints one line per page, "lighthouse <name> performance=<0-100> accessibility=… best-practices=… seo=…" (the run
// with the median performance of three), then the audits that lost points, then "screenshot <path>" per picture. Exits 2 when Chromium cannot be started.
import fs from "node:fs";
import path from "node:path";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import puppeteer from "puppeteer-core";

const [outDir, ...pages] = process.argv.slice(2);
const chromePath = process.env.BINDERY_CHROMIUM || "/usr/bin/chromium";
fs.mkdirSync(outDir, { recursive: true });

let chrome;
try {
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
} catch (e) {
  console.log(`chromium: cannot start ${chromePath}: ${e.message}`);
  process.exit(2);
}
const categories = ["performance", "accessibility", "best-practices", "seo"];
const RUNS = 3;
try {
  for (const arg of pages) {
    const [name, url] = [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)];
    // Performance varies from run to run with the machine's load (Total Blocking Time is the main thread's own time):
    // as Lighthouse's guidance on variability says, the median of three runs is the page's score.
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories }));
    }
    runs.sort((a, b) => (a.lhr.categories.performance.score ?? 0) - (b.lhr.categories.performance.score ?? 0));
    const result = runs[Math.floor(runs.length / 2)];
    const lhr = result.lhr;
    console.log(`  ${name} performance of each run: ` + runs.map((r) => Math.round((r.lhr.categories.performance.score ?? 0) * 100)).join(", "));
    fs.writeFileSync(path.join(outDir, `${name}.report.json`), result.report);
    if (lhr.runtimeError) {
      console.log(`lighthouse ${name} error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    }
    console.log(`lighthouse ${name} ` + categories.map((c) => `${c}=${Math.round((lhr.categories[c].score ?? 0) * 100)}`).join(" "));
    for (const c of categories) {
      for (const ref of lhr.categories[c].auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
          console.log(`  ${name} ${c}: ${ref.id} scored ${audit.score} ${audit.displayValue ?? ""} (${audit.title})`);
        }
      }
    }
    console.log(`  ${name} metrics: FCP ${lhr.audits["first-contentful-paint"].displayValue}, LCP ${lhr.audits["largest-contentful-paint"].displayValue}, ` +
      `TBT ${lhr.audits["total-blocking-time"].displayValue}, CLS ${lhr.audits["cumulative-layout-shift"].displayValue}`);
  }
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    for (const arg of pages) {
      const [name, url] = [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)];
      const shots = [
        ["light", { width: 1280, height: 900 }, "light"],
        ["dark", { width: 1280, height: 900 }, "dark"],
        ["phone", { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true }, "light"],
      ];
      for (const [kind, viewport, scheme] of shots) {
        const page = await browser.newPage();
        await page.setViewport(viewport);
        await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: scheme }]);
        await page.goto(url, { waitUntil: "load" });
        const file = path.resolve(outDir, `${name}-${kind}.png`);
        await page.screenshot({ path: file });
        console.log(`screenshot ${file}`);
        await page.close();
      }
    }
  } finally {
    await browser.disconnect();
  }
} finally {
  await chrome.kill();
}
