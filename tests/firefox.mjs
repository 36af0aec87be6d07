// Firefox for the tests, over WebDriver BiDi (npm puppeteer-core; no geckodriver): tests/engines.py
// starts this and sends one JSON request a line on stdin, {"id", "op", ...}; each answer is one
// JSON line on stdout, {"id", "value"} or {"id", "error"}.  JavaScript because puppeteer-core,
// the well-kept BiDi client, is a Node library; Python has none.
//
// ops: launch {profile, width, height} · goto {url} · eval {expression} (awaited if a promise)
//      · click {selector} · viewport {width, height} · screenshot {path}
//      · errors (the page's errors and console.error texts since the last ask) · close
import puppeteer from "puppeteer-core";
import readline from "node:readline";

let browser = null;
let page = null;
let errors = [];

function watch(target) {
  target.on("console", (message) => {
    if (message.type() === "error") errors.push(`console.error: ${message.text()}`);
  });
  target.on("pageerror", (error) => errors.push(`page error: ${error.message ?? error}`));
}

const ops = {
  async launch({ profile, width, height, executable }) {
    browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: executable,
      headless: true,
      userDataDir: profile,
      defaultViewport: { width, height },
      // This machine's network is closed: no update checks, telemetry or remote settings.
      extraPrefsFirefox: {
        "app.update.enabled": false,
        "browser.safebrowsing.malware.enabled": false,
        "browser.safebrowsing.phishing.enabled": false,
        "datareporting.policy.dataSubmissionEnabled": false,
        "network.captive-portal-service.enabled": false,
        "network.connectivity-service.enabled": false,
      },
    });
    page = (await browser.pages())[0] ?? (await browser.newPage());
    watch(page);
    return (await browser.version());
  },
  async goto({ url }) {
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    return null;
  },
  async eval({ expression }) {
    return await page.evaluate(expression);
  },
  async click({ selector }) {
    await page.click(selector);
    return null;
  },
  async viewport({ width, height }) {
    await page.setViewport({ width, height });
    return null;
  },
  async screenshot({ path }) {
    await page.screenshot({ path });
    return null;
  },
  async errors() {
    const seen = errors;
    errors = [];
    return seen;
  },
  async close() {
    // The profile is thrown away: no need to wait seconds for Firefox to close it cleanly.
    browser?.process()?.kill("SIGKILL");
    browser = null;
    return null;
  },
};

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const request = JSON.parse(line);
  let answer;
  try {
    const value = await ops[request.op](request);
    answer = { id: request.id, value: value === undefined ? null : value };
  } catch (error) {
    answer = { id: request.id, error: String(error?.stack ?? error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
  if (request.op === "close") break;
}
browser?.process()?.kill("SIGKILL");  // stdin closed: the tests are done with it
process.exit(0);  // (puppeteer's connection would keep Node running)
