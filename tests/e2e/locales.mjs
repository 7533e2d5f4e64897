// The page's words as the locale files hold them, so the tests expect what a translator wrote
// rather than copies of it. Reads the subset of TOML the locale files use: `[a.b]` tables and
// `key = "string"` lines.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, dirname } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'locales');

function parse(text, into) {
  let table = into;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const header = line.match(/^\[([^\]]+)\]$/);
    if (header) {
      table = into;
      for (const part of header[1].split('.')) table = table[part] ??= {};
      continue;
    }
    const kv = line.match(/^([A-Za-z0-9_-]+)\s*=\s*(".*")\s*$/);
    if (kv) table[kv[1]] = JSON.parse(kv[2]);
  }
  return into;
}

/** The texts of `lang` (`en` or `zh`), as nested objects: `texts('zh').field.price`. */
export function texts(lang) {
  return parse(readFileSync(join(root, `${lang}.toml`), 'utf8'), {});
}
