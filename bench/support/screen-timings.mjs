// When a signed-in screen shows its data, not its frame: for /x/inventory, /x (the dashboard) and
// /x/billing, a cold load (fresh browser context: empty HTTP cache) and a warm one (the same
// context after two earlier visits: HTTP cache filled, as for someone who opens the app every day),
// then moving between screens with the sidebar. (Chromium keeps compiled code only for classic
// scripts, from their third load: measured on this machine, every load of a module script, which
// all the app's code is, compiles it again, about 120 ms of a warm load's main thread. V8's
// `//# allFunctionsCalledOnLoad` hint moves that to background threads; on 2 cores, shared with
// the API and PostgreSQL, A/B runs of 16 rounds showed no gain, so the build does not add it.) Each figure is the median of
// BENCH_SCREEN_RUNS runs (5: this machine's speed drifts by up to a tenth between minutes) and is
// judged against the aims, printed PASS/FAIL.
//
// - "data": when the screen's first piece of real data is on screen (the first item row, the
//   dashboard's Today figures, the sale screen's location): a MutationObserver sees the element and
//   the time is taken in the next animation frame, as performance.now() from the navigation's start
//   (the HTML's frame placeholder does not count: it carries no data).
// - "main thread": the renderer's TaskDuration (DevTools protocol, Performance.getMetrics) from the
//   page's start until the data showed (read within ~50 ms of it).
// - "long tasks": PerformanceObserver 'longtask' entries (tasks over 50 ms) until the data showed
//   and half a second after: their number, the longest and their sum.
// - sidebar: from the click on the sidebar's link (the click event's timeStamp) to the next
//   screen's data, in a warm page that first showed /x/inventory.
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

export const SCREEN_AIMS = { coldData: 1000, warmData: 600, navigation: 250, warmLongTask: 200 };
const RUNS = Number(process.env.BENCH_SCREEN_RUNS ?? 5);
const SETTLE_MS = 500;

/** The screens timed; `data` finds the screen's first real datum (a `text` narrows it to elements that say it). */
export function screensOf(location) {
  return [
    { key: 'inventory', path: '/x/inventory', link: 'Inventory', what: 'first item row', data: { selector: '[data-remote="inventory"] .ant-table-row' } },
    { key: 'dashboard', path: '/x', link: 'Dashboard', what: "Today's figures", data: { selector: '[data-testid="today-money"] dd' } },
    // /x/billing opens the new sale for the owner: its data is the locations the sale may be made at.
    { key: 'billing', path: '/x/billing', link: 'Billing', what: 'sale location', data: { selector: '[data-remote="billing"] .ant-select', text: location.name } },
  ];
}

/** In the page, before any of its scripts: records when each screen's data first shows, the long tasks and the last click. */
function instrument(markers) {
  const state = { data: {}, longTasks: [], click: null };
  Object.assign(window, { __sbBench: state });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no long task timing in this browser: none are reported
  }
  document.addEventListener('click', (event) => { state.click = event.timeStamp; }, true);
  const shows = ({ selector, text }) => [...document.querySelectorAll(selector)].some((element) => !text || (element.textContent ?? '').includes(text));
  const check = () => {
    for (const [key, marker] of Object.entries(markers)) {
      if (state.data[key] !== undefined || state.pending?.[key] || !shows(marker)) continue;
      state.pending = { ...state.pending, [key]: true };
      requestAnimationFrame(() => {
        state.data[key] = performance.now();
        delete state.pending[key];
      });
    }
  };
  const observer = new MutationObserver(check);
  document.addEventListener('DOMContentLoaded', () => {
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    check();
  });
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const ms = (value) => `${Math.round(value)} ms`;
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

async function taskSeconds(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
}

/** Waits until the screen `key` has shown its data in `page`; its time (performance.now()). */
async function dataShown(page, key) {
  await page.waitForFunction((name) => window.__sbBench?.data[name] !== undefined, key, { polling: 50, timeout: 30_000 });
  return page.evaluate((name) => window.__sbBench.data[name], key);
}

const longTasksIn = (tasks, from, to) => tasks.filter((task) => task.start >= from && task.start <= to);

/** One visit of `screen` in a new page of `context`: the time to data, main-thread time and long tasks. */
async function visit(context, base, screen, markers) {
  const page = await context.newPage();
  try {
    await page.addInitScript(instrument, markers);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const before = await taskSeconds(cdp);
    await page.goto(base + screen.path);
    const data = await dataShown(page, screen.key);
    const task = ((await taskSeconds(cdp)) - before) * 1000;
    await sleep(SETTLE_MS);
    const tasks = longTasksIn(await page.evaluate(() => window.__sbBench.longTasks), 0, data + SETTLE_MS);
    return { data, task, tasks };
  } finally {
    await page.close();
  }
}

/** A warm page at /x/inventory, then sidebar clicks along `hops`: click to the next screen's data for each. */
async function navigate(context, base, screens, markers) {
  const page = await context.newPage();
  try {
    await page.addInitScript(instrument, markers);
    await page.goto(`${base}/x/inventory`);
    await dataShown(page, 'inventory');
    await sleep(SETTLE_MS);
    const hops = [];
    for (const key of ['billing', 'dashboard', 'inventory']) {
      const screen = screens.find((s) => s.key === key);
      await page.evaluate(() => { window.__sbBench.data = {}; window.__sbBench.click = null; });
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: screen.link, exact: true }).click();
      const data = await dataShown(page, key);
      const click = await page.evaluate(() => window.__sbBench.click);
      await sleep(SETTLE_MS);
      const tasks = longTasksIn(await page.evaluate(() => window.__sbBench.longTasks), click, data);
      hops.push({ key, time: data - click, tasks });
    }
    return hops;
  } finally {
    await page.close();
  }
}

const longest = (tasks) => tasks.reduce((max, task) => Math.max(max, task.duration), 0);
const taskSummary = (runs) => {
  const counts = runs.map((r) => r.tasks.length);
  const maxes = runs.map((r) => longest(r.tasks));
  const sums = runs.map((r) => r.tasks.reduce((sum, task) => sum + task.duration, 0));
  return `${median(counts)} long tasks (longest ${ms(median(maxes))}, sum ${ms(median(sums))}; worst run's longest ${ms(Math.max(...maxes))})`;
};

/**
 * Times the screens for the signed-in `cookie` (a Playwright cookie) whose business's data sits at
 * `location`; prints each figure and its verdict. True when every aim is met.
 */
export async function screenTimings(browser, base, cookie, location) {
  const screens = screensOf(location);
  const markers = Object.fromEntries(screens.map((screen) => [screen.key, screen.data]));
  const loads = Object.fromEntries(screens.map((screen) => [screen.key, { cold: [], warm: [] }]));
  const hops = [];
  const loadBefore = load();
  for (let run = 0; run < RUNS; run++) {
    for (const screen of screens) {
      const context = await browser.newContext();
      try {
        await context.addCookies([cookie]);
        loads[screen.key].cold.push(await visit(context, base, screen, markers));
        await visit(context, base, screen, markers); // a second visit, as a returning user has made
        loads[screen.key].warm.push(await visit(context, base, screen, markers));
      } finally {
        await context.close();
      }
    }
    const context = await browser.newContext();
    try {
      await context.addCookies([cookie]);
      // Every screen's code once, so the sidebar's moves find it in the HTTP cache (a returning user).
      for (const screen of screens) await visit(context, base, screen, markers);
      hops.push(await navigate(context, base, screens, markers));
    } finally {
      await context.close();
    }
  }

  console.log(`signed-in screens, median of ${RUNS} runs (load average before: ${loadBefore}; after: ${load()})`);
  const results = [];
  for (const screen of screens) {
    for (const kind of ['cold', 'warm']) {
      const runs = loads[screen.key][kind];
      const data = median(runs.map((r) => r.data));
      console.log(`  ${screen.path.padEnd(13)} ${kind}: ${screen.what} at ${ms(data)} (runs ${runs.map((r) => ms(r.data)).join(', ')}); ` +
        `main thread ${ms(median(runs.map((r) => r.task)))} to data; ${taskSummary(runs)}`);
      const aim = kind === 'cold' ? SCREEN_AIMS.coldData : SCREEN_AIMS.warmData;
      results.push([`${screen.path} ${kind}: data visible <= ${aim} ms`, data <= aim, ms(data)]);
      if (kind === 'warm') {
        const longestTask = median(runs.map((r) => longest(r.tasks)));
        results.push([`${screen.path} warm: no long task over ${SCREEN_AIMS.warmLongTask} ms`, longestTask <= SCREEN_AIMS.warmLongTask, `longest ${ms(longestTask)}`]);
      }
    }
  }
  let from = 'inventory';
  for (let hop = 0; hop < hops[0].length; hop++) {
    const to = hops[0][hop].key;
    const runs = hops.map((h) => h[hop]);
    const time = median(runs.map((r) => r.time));
    const name = (key) => screens.find((s) => s.key === key).link;
    console.log(`  sidebar ${name(from)} -> ${name(to)}: click to data ${ms(time)} (runs ${runs.map((r) => ms(r.time)).join(', ')}); ${taskSummary(runs)}`);
    results.push([`sidebar ${name(from)} -> ${name(to)}: click to data <= ${SCREEN_AIMS.navigation} ms`, time <= SCREEN_AIMS.navigation, ms(time)]);
    from = to;
  }
  for (const [name, ok, detail] of results) console.log(`${ok ? 'PASS' : 'FAIL'} ${name} (${detail})`);
  return results.every(([, ok]) => ok);
}
