// Starts the app. Trunk names the wasm-bindgen module and the wasm file by their content hash and
// writes both names into this script's own address (Trunk.toml, `pattern_script`), so the page
// needs no inline script and its Content-Security-Policy can forbid every one (index.html).
// Each release's names make a new address, so a cached copy of an older page never starts
// newer files.
// A failure to fetch, compile or start the app is said on the page (boot.js), with a way to try
// again, rather than leaving it blank.
const failed = (e) => {
  window.gpuplanBootFailed?.(e);
  throw e;
};
const params = new URL(import.meta.url).searchParams;
// Only a file beside this one: a name with a slash, a colon or `..` would reach elsewhere.
const sibling = (name) => {
  const file = params.get(name) ?? '';
  if (!/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/.test(file)) throw new Error(`start.js: bad ${name}`);
  return new URL(file, import.meta.url).href;
};
const js = sibling('js');
const wasm = sibling('wasm');

// The words of each language are a file of their own beside the wasm (the build names them in
// this script's address): the reader's language is fetched now, beside the wasm, and the other
// only if the reader switches to it. The app checks each file against its own build's hash.
const textFiles = { en: sibling('en'), zh: sibling('zh') };
window.gpuplanText = (lang) =>
  fetch(textFiles[lang]).then((r) =>
    r.ok ? r.text() : Promise.reject(new Error(`start.js: ${textFiles[lang]} answered ${r.status}`)),
  );
const lang = window.gpuplanLang === 'zh' ? 'zh' : 'en';
// boot.js has usually asked for it already, while the page was being read.
const early = window.gpuplanEarlyText;
const firstText =
  early?.lang === lang && early.url === textFiles[lang] ? early.text : window.gpuplanText(lang);
firstText.catch(() => {});

// Trunk's preload of the wasm carries its hash (subresource integrity); fetching with the same
// hash makes the browser check the bytes and reuse the preloaded response.
const preload = [...document.querySelectorAll('link[rel=preload][as=fetch]')].find(
  (l) => l.href === wasm,
);
const request = fetch(wasm, preload?.integrity ? { integrity: preload.integrity } : {}).then(
  (r) => (r.ok ? r : failed(new Error(`start.js: ${wasm} answered ${r.status}`))),
);
request.catch(() => {});

try {
  // Compiled while the words arrive: the app starts once both are there, and reads its first
  // language's words as it starts.
  const compiled = request.then((r) => WebAssembly.compileStreaming(r));
  compiled.catch(() => {});
  const { default: init } = await import(js);
  window.gpuplanFirst = { lang, text: await firstText };
  await init({ module_or_path: await compiled });
} catch (e) {
  failed(e);
}
