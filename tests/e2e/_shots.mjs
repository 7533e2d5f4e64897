import { serveDist, launch } from './harness.mjs';
const srv = await serveDist(); const b = await launch();
const shots = [
  ['serving-nofit-zh-phone', '?view=serving&lang=zh&model=llama-3.1-70b&gpu=h100-sxm&weights=bf16', { width: 390, height: 1400 }, 'zh-CN'],
  ['serving-users-en-desktop', '?view=serving&lang=en&model=llama-3.1-8b&gpu=h100-sxm&weights=bf16&load=users&users=400&in_price_pct=25', { width: 1280, height: 1500 }, 'en-US'],
  ['bill-typing-zh-phone', '?view=bill&lang=zh', { width: 390, height: 900 }, 'zh-CN'],
  ['rentbuy-refused-en-phone', '?lang=en', { width: 390, height: 900 }, 'en-US'],
];
for (const [name, q, vp, locale] of shots) {
  const ctx = await b.newContext({ viewport: vp, locale, deviceScaleFactor: 1 });
  const p = await ctx.newPage();
  await p.goto(srv.url + q);
  await p.waitForSelector('main [data-testid^="view-"]');
  await p.waitForTimeout(500);
  if (name.startsWith('bill')) {
    const c = p.locator('[data-testid="bill-line-0-amount"]');
    await c.fill(''); await c.pressSequentially('12000');
    const l = p.locator('[data-testid="bill-line-1-amount"]');
    await l.fill(''); await l.pressSequentially('55x');
    await l.scrollIntoViewIfNeeded();
  }
  if (name.startsWith('rentbuy')) {
    const c = p.locator('[data-testid="input-util-box"]');
    await c.scrollIntoViewIfNeeded();
    await c.fill(''); await c.pressSequentially('150');
  }
  await p.screenshot({ path: `/tmp/${name}.png`, fullPage: false });
  await ctx.close();
}
// boot screen, wasm held
const ctx = await b.newContext({ viewport: { width: 390, height: 500 }, locale: 'zh-CN', serviceWorkers: 'block' });
await ctx.route((u) => u.pathname.endsWith('.wasm'), (r) => r.abort());
const p = await ctx.newPage();
await p.goto(srv.url + '?view=serving', { waitUntil: 'commit' });
await p.waitForSelector('[data-state=failed]');
await p.screenshot({ path: '/tmp/boot-failed-zh.png' });
await b.close(); await srv.close();
