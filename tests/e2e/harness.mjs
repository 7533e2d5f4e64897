// Shared set-up for the browser tests and the benchmark: a static server for dist/ mounted under a
// sub-path (the release build must work from any sub-path), and Debian's Chromium, headless.
import { createServer } from 'node:http';
import { before, after } from 'node:test';
import { readFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import { chromium } from 'playwright-core';
import { brotli } from '../../scripts/brotli.mjs';

// GPUPLAN_DIST serves another build (an engineer's own, while dist/ is being rebuilt).
const DIST = process.env.GPUPLAN_DIST ?? fileURLToPath(new URL('../../dist/', import.meta.url));
/**
 * The page's views, read from the registry the page itself is built from
 * (src/app/views/registry.rs), so that a view added there is covered by every test that goes
 * through all views: `{ id, inNav, inputs }`, `inputs` when the view has inputs of its own
 * (a "reset this view" entry).
 */
export function registryViews() {
  const src = readFileSync(new URL('../../src/app/views/registry.rs', import.meta.url), 'utf8');
  const table = src.slice(src.indexOf('pub static VIEWS'));
  const out = [];
  for (const body of table.split('ViewEntry {').slice(1)) {
    const id = /id: "([^"]+)"/.exec(body)?.[1];
    if (!id) continue;
    out.push({ id, inNav: /in_nav: true/.test(body), inputs: /reset: Some\(/.test(body) });
  }
  if (out.length < 2) throw new Error('could not read the views from src/app/views/registry.rs');
  return out;
}

/** The ids of the views with inputs of their own (the calculators, the bill, the checklists). */
export const VIEWS_WITH_INPUTS = registryViews().filter((v) => v.inputs).map((v) => v.id);

export const BASE_PATH = '/some/sub/path/';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.json': 'application/json',
  '.txt': 'text/plain',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};

/**
 * The types a static host compresses. GitHub Pages and the common hosts answer a browser that
 * accepts gzip with the page's text files and the wasm gzipped; a server that did not would make
 * an emulated slow link carry the raw bytes (the wasm 2.5 times its gzip size) and measure a page
 * no reader gets.
 */
const COMPRESSED = new Set(['.html', '.js', '.wasm', '.css', '.json', '.txt', '.svg', '.webmanifest']);
/** Content-Encoding by the suffix of a precompressed copy (scripts/compress.sh). */
const SUFFIX = { br: '.br', gzip: '.gz' };
/**
 * How the server answers, from GPUPLAN_ENCODING (GPUPLAN_RAW=1 is `raw`):
 * - `auto` (the default): as a host that serves precompressed files (nginx's gzip_static and
 *   brotli_static, Caddy's `precompressed br gzip`): a file's `.br` copy to a browser that
 *   accepts brotli, else its `.gz` copy to one that accepts gzip; a file without copies (a build
 *   from before the release wrote them) is gzipped as GitHub Pages does;
 * - `gzip`: gzip only, the `.gz` copy or gzip -9 made here: what GitHub Pages sends;
 * - `br`: brotli only, the `.br` copy or quality 11 made here (scripts/brotli.mjs);
 * - `raw`: every file uncompressed, to compare.
 */
export const ENCODINGS = ['auto', 'gzip', 'br', 'raw'];
function encodingFromEnv() {
  if (process.env.GPUPLAN_RAW === '1') return 'raw';
  const e = process.env.GPUPLAN_ENCODING ?? 'auto';
  if (!ENCODINGS.includes(e)) throw new Error(`GPUPLAN_ENCODING=${e}: one of ${ENCODINGS.join(', ')}`);
  return e;
}
const gzip = promisify(gzipCb);
/**
 * Bodies compressed here, for files without a copy of that encoding: gzip -9 (the level
 * scripts/size.sh reports) or brotli 11, made once per version of the file, off the server's
 * thread for gzip: compressing the wasm takes a good part of a second (brotli several), which no
 * load should wait for (serveDist compresses the build's files before it answers).
 */
const made = new Map();
function compressed(file, encoding, body, mtimeMs) {
  const key = `${encoding} ${file}`;
  const hit = made.get(key);
  if (hit && hit.mtimeMs === mtimeMs) return hit.body;
  const out =
    encoding === 'br' ? Promise.resolve(brotli(body, extname(file) !== '.wasm')) : gzip(body, { level: 9 });
  made.set(key, { mtimeMs, body: out });
  return out;
}

/** The encodings `mode` may answer a request with, in the order it prefers them. */
function offered(mode, accept) {
  const takes = (name) => new RegExp(`\\b${name}\\b`).test(accept ?? '');
  const order = { auto: ['br', 'gzip'], gzip: ['gzip'], br: ['br'], raw: [] }[mode];
  return order.filter(takes);
}

/**
 * The body to send for `file` in `encoding`: its precompressed copy when the build has one (in
 * `auto`, only a copy is sent as brotli), else one made here; null for none.
 */
async function bodyIn(file, encoding, mode) {
  const copy = `${file}${SUFFIX[encoding]}`;
  const copyStat = await stat(copy).catch(() => null);
  if (copyStat?.isFile()) return readFile(copy);
  if (mode === 'auto' && encoding === 'br') return null;
  const [{ mtimeMs }, body] = await Promise.all([stat(file), readFile(file)]);
  return compressed(file, encoding, body, mtimeMs);
}

/**
 * Serves dist/ at BASE_PATH on a free loopback port; resolves to { url, encoding, close }.
 * `encoding` is one of ENCODINGS (default: GPUPLAN_ENCODING, else `auto`).
 */
export async function serveDist({ encoding = encodingFromEnv() } = {}) {
  if (!ENCODINGS.includes(encoding)) throw new Error(`serveDist: unknown encoding ${encoding}`);
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (!path.startsWith(BASE_PATH)) {
      res.writeHead(404).end();
      return;
    }
    let rel = normalize(path.slice(BASE_PATH.length));
    if (rel.startsWith('..')) {
      res.writeHead(403).end();
      return;
    }
    if (rel === '.' || rel === '' || rel.endsWith('/')) rel = join(rel, 'index.html');
    const file = join(DIST, rel);
    try {
      const body = await readFile(file);
      const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
      let out = body;
      if (COMPRESSED.has(extname(file))) {
        headers.vary = 'Accept-Encoding';
        for (const e of offered(encoding, req.headers['accept-encoding'])) {
          const packed = await bodyIn(file, e, encoding);
          if (packed === null) continue;
          headers['content-encoding'] = e;
          out = packed;
          break;
        }
      }
      res.writeHead(200, headers);
      res.end(out);
    } catch {
      res.writeHead(404).end();
    }
  });
  // Whatever this server would compress itself is made before it answers (see `made`).
  const ahead = { gzip: ['gzip'], br: ['br'], auto: ['gzip'], raw: [] }[encoding];
  const files = (await readdir(DIST).catch(() => [])).filter((f) => COMPRESSED.has(extname(f)));
  await Promise.all(
    files.flatMap((f) =>
      ahead.map(async (e) => {
        const file = join(DIST, f);
        if ((await stat(`${file}${SUFFIX[e]}`).catch(() => null))?.isFile()) return;
        const [{ mtimeMs }, body] = await Promise.all([stat(file), readFile(file)]);
        await compressed(file, e, body, mtimeMs);
      }),
    ),
  );
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}${BASE_PATH}`,
    encoding,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Debian's Chromium with the flags this closed network needs. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The page follows the browser's language when the link names none: English unless a test
      // opens a context in another locale.
      '--lang=en-US',
    ],
  });
}

/** Opens `query` on the served page and waits for the app to have drawn its first result. */
export async function open(context, baseUrl, query = '') {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(baseUrl + query);
  await page.waitForSelector('main [data-testid^="view-"]');
  // Views with charts have drawn them once the app is up; the checklists have none.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('main canvas')].every((c) => c.hasAttribute('data-draws')));
  return { page, errors };
}

/** The `data-value` of a test hook, as a number. */
export async function value(page, testid) {
  const v = await page.getAttribute(`[data-testid="${testid}"]`, 'data-value');
  return v === null || v === '' ? null : Number(v);
}

export async function text(page, testid) {
  return page.getAttribute(`[data-testid="${testid}"]`, 'data-value');
}

/**
 * A canvas's pixels, to tell whether a chart changed. A chart out of view draws a change when the
 * browser is next idle and is marked `data-stale` until then (src/app/widgets/sight.rs): the
 * picture is read once it is current.
 */
export async function pixels(page, testid) {
  const chart = `[data-testid="${testid}"]`;
  await page.waitForSelector(`${chart}:not([data-stale])`, { state: 'attached' });
  return page.$eval(chart, (c) => c.toDataURL());
}

/** Drags a range slider to `fraction` of its width with the mouse, as a person would. */
export async function drag(page, testid, fraction) {
  const slider = page.locator(`[data-testid="${testid}"]`);
  await slider.scrollIntoViewIfNeeded();
  const box = await slider.boundingBox();
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.5, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * fraction, y, { steps: 8 });
  await page.mouse.up();
}

/**
 * Serves dist/ and starts one browser for the tests of a file. `fresh` opens a page in a new
 * browser profile, so no storage is carried from one test to the next.
 */
export function suite() {
  let server;
  let browser;
  before(async () => {
    server = await serveDist();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get url() {
      return server.url;
    },
    get browser() {
      return browser;
    },
    /** `locale` is the browser's language (the page follows it when the link names none). */
    async fresh(query = '', { locale = 'en-US' } = {}) {
      const context = await browser.newContext({ locale });
      return { context, ...(await open(context, server.url, query)) };
    },
  };
}
