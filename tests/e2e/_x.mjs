import { serveDist, launch } from './harness.mjs';
const srv = await serveDist();
const browser = await launch();
for (const [lang, w, h] of [['en', 1280, 900], ['zh', 390, 844]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  const errs = [];
  page.on('pageerror', (e) => errs.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errs.push(m.text()); });
  await page.goto(`${srv.url}?lang=${lang}`);
  await page.waitForSelector('[data-testid=view-rent-buy]');
  // Tick "compare reserving" as a person does.
  await page.click('[data-testid=input-reserve]');
  await page.waitForSelector('[data-testid=three-ways]');
  await page.check('[data-testid=input-reserve_term] input[value="3y"]').catch((e) => errs.push('no radio 3y ' + e));
  // Type a resale curve key by key.
  await page.click('[data-testid=input-resale_curve]');
  await page.keyboard.type('78,60,46,35', { delay: 20 });
  await page.waitForTimeout(400);
  const vals = await page.$$eval('[data-testid^=three-], [data-testid=heatmap-point], [data-testid=verdict]', (els) => els.map((e) => `${e.dataset.testid}=${e.dataset.value ?? ''} :: ${e.textContent.trim().slice(0, 100)}`));
  console.log(lang, vals.join('\n'));
  const el = await page.$('[data-testid=three-ways]');
  await el.scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await el.screenshot({ path: `/tmp/three-${lang}.png` });
  const mv = await page.$('[data-testid=moves]');
  await mv.scrollIntoViewIfNeeded();
  await page.waitForTimeout(700);
  await mv.screenshot({ path: `/tmp/moves-${lang}.png` });
  const form = await page.$('form.inputs');
  await form.screenshot({ path: `/tmp/form-${lang}.png` });
  console.log('url', page.url().split('?')[1]);
  console.log('errors', errs);
  await ctx.close();
}
await browser.close();
await srv.close();
