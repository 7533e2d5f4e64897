// What the page shows before the app runs: the view's name and a loading line in the reader's
// language, and, if the app cannot be loaded, a message with a way to try again. A file of its
// own, not an inline script, which the page's Content-Security-Policy refuses (index.html).
// The app removes #boot when it starts (src/app/mod.rs). The words are copies of the locale
// files' `[view]` and `[boot]` entries; tests/core/text.rs checks that they match.
(function () {
  var WORDS = {
    en: {
      view: {
        'rent-buy': 'Rent or buy',
        training: 'Training memory',
        inference: 'Inference memory',
        serving: 'Serving capacity',
        spot: 'Spot and checkpoints',
        billing: 'Billing rules',
        bill: 'Monthly bill',
        checklists: 'Advisor and checklists',
        glossary: 'Glossary',
        compare: 'Compare',
      },
      loading: 'Loading the calculator…',
      failed: 'The calculator could not be loaded. Check the connection, then try again.',
      retry: 'Try again',
      crashed: 'The calculator stopped after an error. Reload the page to start it again.',
      reload: 'Reload',
    },
    zh: {
      view: {
        'rent-buy': '租还是买',
        training: '训练显存',
        inference: '推理显存',
        serving: '推理服务容量',
        spot: '可中断实例与断点续训',
        billing: '计费规则',
        bill: '月度账单',
        checklists: '选型建议与检查清单',
        glossary: '术语表',
        compare: '方案对比',
      },
      loading: '计算器加载中…',
      failed: '计算器没能加载。请检查网络连接后重试。',
      retry: '重试',
      crashed: '计算器出错停止了。请重新加载页面。',
      reload: '重新加载',
    },
  };
  // As the app chooses: the link's `lang`, else the reader's saved choice, else the browser's
  // languages (`zh-*` gives Chinese), else English.
  function primary(tag) {
    var p = String(tag || '').split(/[-_]/)[0].toLowerCase();
    return WORDS[p] ? p : null;
  }
  var query = new URLSearchParams(location.search);
  var saved = null;
  try {
    saved = localStorage.getItem('gpuplan/lang');
  } catch (e) {
    // Storage refused (a frame in another site, a locked-down profile): no saved choice.
  }
  var lang = primary(query.get('lang')) || primary(saved);
  if (!lang) {
    var langs = navigator.languages || [navigator.language];
    for (var i = 0; i < langs.length && !lang; i++) lang = primary(langs[i]);
  }
  var w = WORDS[lang || 'en'];
  // start.js uses this language's texts; they are asked for here, as the page is read, rather
  // than once the page has been read and the module script runs (start.js's address names the
  // file; start.js checks the name again before it uses the answer).
  window.gpuplanLang = lang || 'en';
  var start = document.querySelector('script[type=module][src*="start.js"]');
  if (start && window.fetch) {
    var file = new URL(start.src).searchParams.get(window.gpuplanLang) || '';
    if (/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/.test(file)) {
      var url = new URL(file, start.src).href;
      var early = fetch(url).then(function (r) {
        return r.ok ? r.text() : Promise.reject(new Error('boot.js: ' + url + ' answered ' + r.status));
      });
      early.catch(function () {});
      window.gpuplanEarlyText = { lang: window.gpuplanLang, url: url, text: early };
    }
  }
  var boot = document.getElementById('boot');
  if (!boot) return;
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  var view = w.view[query.get('view')] || w.view['rent-buy'];
  boot.querySelector('.boot-view').textContent = view;
  boot.querySelector('.boot-line').textContent = w.loading;
  if (query.get('embed') === '1' || query.get('embed') === 'true') boot.classList.add('embed');
  var retry = boot.querySelector('.boot-retry');
  retry.textContent = w.retry;
  retry.addEventListener('click', function () {
    location.reload();
  });
  // Called by start.js when the app's files cannot be fetched or started.
  window.gpuplanBootFailed = function () {
    boot.classList.add('failed');
    boot.setAttribute('data-state', 'failed');
    boot.querySelector('.boot-line').textContent = w.failed;
    retry.hidden = false;
  };
  // A panic in the app ends in a trap of the wasm (the release build aborts on panic; the size
  // build's immediate abort leaves nothing else, no message and no hook), which reaches the page
  // as a WebAssembly.RuntimeError thrown out of whatever event, timer or promise had entered the
  // wasm. The app cannot go on after one: the page would look alive and answer nothing. So this
  // screen covers it, in the language the page was showing, with a reload.
  function crashed(e) {
    if (typeof WebAssembly === 'undefined' || !(e instanceof WebAssembly.RuntimeError)) return;
    if (boot.getAttribute('data-state') === 'crashed') return;
    var now = WORDS[primary(document.documentElement.lang)] || w;
    boot.classList.add('failed', 'crashed');
    boot.setAttribute('data-state', 'crashed');
    boot.setAttribute('role', 'alert');
    boot.querySelector('.boot-view').hidden = true;
    boot.querySelector('.boot-line').textContent = now.crashed;
    retry.textContent = now.reload;
    retry.hidden = false;
    // The app removes the loading screen when it starts: put it back, over the page.
    if (!boot.isConnected) document.body.insertBefore(boot, document.body.firstChild);
    retry.focus();
  }
  addEventListener('error', function (ev) {
    crashed(ev.error);
  });
  addEventListener('unhandledrejection', function (ev) {
    crashed(ev.reason);
  });
})();
