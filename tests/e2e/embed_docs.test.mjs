// Views embedded in a doc: frames far below the fold size themselves before the reader scrolls,
// an embed opens with the answer, the key results and one chart (the inputs folded), `part`
// picks one part, and the full page hands out the embed code.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { suite, open } from './harness.mjs';
import { Host } from './toolbar.mjs';

const s = suite();

/**
 * The docs that embed the page, served on a port of their own: another origin than the page's,
 * as a wiki or a blog is (Chromium does not render a frame of another origin while it is off
 * screen, which is what kept embeds from posting their heights). `docs.set(path, html)`.
 */
const docs = new Map();
let docServer;
let docOrigin;
before(async () => {
  docServer = createServer((req, res) => {
    const body = docs.get(new URL(req.url, 'http://x').pathname);
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise((resolve) => docServer.listen(0, '127.0.0.1', resolve));
  docOrigin = `http://127.0.0.1:${docServer.address().port}`;
});
after(() => new Promise((resolve) => docServer.close(resolve)));

/** A long doc with `frames` far below its fold, each with the listener of the embed code. */
function doc(frames) {
  const gap = '<p style="height:2500px">Text of the doc.</p>';
  const iframes = frames
    .map((src, i) => `${gap}<iframe class="gpuplan" id="f${i}" title="gpuplan ${i}" width="100%" height="600" style="border:0" src="${src}"></iframe>`)
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>doc</title></head>
<body style="margin:0 1rem">${iframes}${gap}
<script>
  window.posted = {};
  addEventListener('message', (e) => {
    document.querySelectorAll('iframe.gpuplan').forEach((f) => {
      const d = e.data;
      if (e.source === f.contentWindow && d && d.gpuplan === 'height' && Number.isFinite(d.height)) {
        f.style.height = d.height + 'px';
        window.posted[f.id] = d.height;
      }
    });
  });
</script></body></html>`;
}

/** Opens `frames` in a doc of another origin than the page's. */
async function openDoc(context, frames) {
  docs.set('/doc.html', doc(frames));
  const url = `${docOrigin}/doc.html`;
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  return { page, errors };
}

/** Each frame's own document height, read inside it. */
async function ownHeights(page, count) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const frame = await (await page.$(`#f${i}`)).contentFrame();
    await frame.waitForSelector('main [data-testid^="view-"]');
    out.push(await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height)));
  }
  return out;
}

test('three embeds far below the fold of a doc are each sized to their content without scrolling', async () => {
  const context = await s.browser.newContext({ viewport: { width: 1000, height: 700 } });
  try {
    const frames = [
      `${s.url}?embed=1&view=rent-buy&util=70`,
      `${s.url}?embed=1&view=serving&lang=zh`,
      `${s.url}?embed=1&view=spot`,
    ];
    const { page, errors } = await openDoc(context, frames);
    await page.waitForFunction(() => Object.keys(window.posted).length === 3, null, { timeout: 30_000 });
    // Give late changes their posts, then compare with each frame's own height.
    await page.waitForTimeout(1500);
    const own = await ownHeights(page, 3);
    const posted = await page.evaluate(() => window.posted);
    for (let i = 0; i < 3; i++) {
      const got = posted[`f${i}`];
      assert.ok(Math.abs(got - own[i]) <= 3, `frame ${i}: posted ${got}, its document is ${own[i]}`);
      const box = await page.$eval(`#f${i}`, (f) => f.getBoundingClientRect().height);
      assert.ok(Math.abs(box - own[i]) <= 3, `frame ${i} is ${box} px for ${own[i]}`);
      assert.ok(box > 300, `frame ${i}: ${box} px`);
    }
    // Nothing was scrolled: the frames sat below the fold all along.
    assert.equal(await page.evaluate(() => scrollY), 0);
    const top = await page.$eval('#f0', (f) => f.getBoundingClientRect().top);
    assert.ok(top > 700, `first frame at ${top}`);
    console.log(`embed heights at 1000 px: ${own.join(', ')}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('an embed opens with the answer, the key results and one chart; the inputs fold open', async () => {
  const context = await s.browser.newContext({ viewport: { width: 900, height: 600 } });
  try {
    const { page, errors } = await open(context, s.url, '?embed=1&view=rent-buy&util=70');
    const shown = (sel) => page.locator(sel).evaluateAll((es) => es.filter((e) => e.checkVisibility()).length);
    assert.equal(await shown('[data-testid=headline]'), 1);
    assert.ok((await shown('main .stat')) >= 3);
    assert.equal(await shown('main canvas'), 1, 'one chart');
    assert.equal(await shown('main details.formula'), 0, 'the working is on the full page');
    assert.equal(await shown('main form.inputs'), 0, 'the inputs are folded');
    const folded = await page.evaluate(() => document.documentElement.getBoundingClientRect().height);
    // The reader opens the inputs, changes one, and the answer follows.
    await page.click('[data-testid=embed-inputs] > summary');
    assert.equal(await shown('main form.inputs'), 1);
    const form = await page.$eval('main form.inputs', (f) => f.getBoundingClientRect().top);
    const results = await page.$eval('main .results', (r) => r.getBoundingClientRect().top);
    assert.ok(form < results, 'opened, the form shows under its summary, above the results');
    await page.fill('[data-testid=input-purchase]', '900000');
    await page.waitForURL(/purchase=900000/);
    const opened = await page.evaluate(() => document.documentElement.getBoundingClientRect().height);
    assert.ok(opened > folded, `${opened} opened, ${folded} folded`);
    console.log(`rent-buy embed at 900 px: ${folded} px folded, ${opened} px with the inputs`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

for (const [part, sel] of [['headline', '[data-testid=headline]'], ['results', 'main .stat'], ['chart', 'main canvas']]) {
  test(`part=${part} shows only that part, and the frame posts its small height`, async () => {
    const context = await s.browser.newContext({ viewport: { width: 1200, height: 900 } });
    try {
      const host = new Host(await context.newPage());
      const frame = await host.frame(`${s.url}?embed=1&view=rent-buy&part=${part}`, 700, 600);
      const height = await host.nextHeight();
      const own = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
      assert.ok(Math.abs(height - own) <= 3, `${height} posted, ${own} own`);
      const shown = (q) => frame.locator(q).evaluateAll((es) => es.filter((e) => e.checkVisibility()).length);
      assert.ok((await shown(sel)) >= 1, sel);
      for (const other of ['[data-testid=headline]', 'main .stat', 'main canvas', 'main form.inputs', '[data-testid=embed-inputs]']) {
        if (other !== sel) assert.equal(await shown(other), 0, `${other} with part=${part}`);
      }
      if (part === 'headline') assert.ok(height < 200, `a headline frame of ${height} px`);
      if (part === 'chart') assert.equal(await shown('main canvas'), 1);
      console.log(`part=${part}: ${height} px`);
    } finally {
      await context.close();
    }
  });
}

test('the full page hands out the embed code for what is on screen, and it works in a doc', async () => {
  const context = await s.browser.newContext({
    viewport: { width: 1000, height: 700 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  try {
    const { page, errors } = await open(context, s.url, '?view=spot&spot_price=40&lang=zh');
    await page.click('[data-testid=copy-embed]');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=toolbar-status]').textContent.includes('嵌入代码已复制'));
    const code = await page.evaluate(() => navigator.clipboard.readText());
    const src = /<iframe class="gpuplan" title="gpuplan: ([^"]+)" src="([^"]+)"/.exec(code);
    assert.ok(src, code);
    assert.equal(src[1], '可中断实例与断点续训');
    const link = new URL(src[2].replaceAll('&amp;', '&'));
    assert.equal(link.searchParams.get('embed'), '1');
    assert.equal(link.searchParams.get('view'), 'spot');
    assert.equal(link.searchParams.get('spot_price'), '40');
    assert.match(code, /<script>addEventListener\('message'/);
    // Pasted into a doc, the frame sizes itself.
    docs.set('/pasted.html', `<!doctype html><html><body><p style="height:2000px">doc</p>${code}</body></html>`);
    const doc = await context.newPage();
    await doc.goto(`${docOrigin}/pasted.html`);
    await doc.waitForFunction(() => parseFloat(document.querySelector('iframe.gpuplan').style.height) > 0, null, { timeout: 30_000 });
    const frame = await (await doc.$('iframe.gpuplan')).contentFrame();
    await frame.waitForSelector('[data-testid=view-spot]');
    assert.equal(await frame.inputValue('[data-testid=input-spot_price]'), '40');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
