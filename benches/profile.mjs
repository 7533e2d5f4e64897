// Where a slider move spends its time: a CPU profile of 60 utilisation moves in headless
// Chromium, printed as the 25 functions with the most self time. For investigation, not a gate.
import { serveDist, launch, open } from '../tests/e2e/harness.mjs';
const server = await serveDist(); const browser = await launch();
const ctx = await browser.newContext();
const { page } = await open(ctx, server.url, '');
const cdp = await ctx.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.evaluate(async () => {
  const slider = document.querySelector('[data-testid=input-util]');
  const c = document.querySelector('[data-testid=chart-cost-vs-util]');
  for (let i = 0; i < 60; i++) {
    const done = new Promise(res => { const o = new MutationObserver(() => { o.disconnect(); res(); }); o.observe(c, { attributes: true, attributeFilter: ['data-draws'] }); });
    slider.value = String(20 + (i * 7) % 60);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    await done;
    await new Promise(r => requestAnimationFrame(r));
  }
});
const { profile } = await cdp.send('Profiler.stop');
const dt = profile.timeDeltas; const self = new Map();
const byId = new Map(profile.nodes.map(n => [n.id, n]));
for (let i = 0; i < profile.samples.length; i++) {
  const n = byId.get(profile.samples[i]);
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
}
const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
for (const [k, v] of top) console.log((v / 1000).toFixed(1).padStart(8), 'ms', k);
await browser.close(); await server.close();
