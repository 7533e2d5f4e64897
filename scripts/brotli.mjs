// Brotli at its highest setting, with the brotli library inside Node.js (node:zlib, since Node
// 11.7): nothing to install beyond the Node.js that the release build already runs wasm-opt with.
// Quality 11, the largest plain window (2^24 bytes, wider than any file of the site, so every
// match in a file can be used) and the text mode for text files, as the `brotli` command's
// `-q 11 -w 24` does.
//
//   node scripts/brotli.mjs FILE...          writes FILE.br beside each, with FILE's times
//   node scripts/brotli.mjs --size FILE...   prints "BYTES FILE" for each, writes nothing
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as z } from 'node:zlib';
import { pathToFileURL } from 'node:url';

export function brotli(body, text) {
  return brotliCompressSync(body, {
    params: {
      [z.BROTLI_PARAM_QUALITY]: z.BROTLI_MAX_QUALITY,
      [z.BROTLI_PARAM_LGWIN]: z.BROTLI_MAX_WINDOW_BITS,
      [z.BROTLI_PARAM_MODE]: text ? z.BROTLI_MODE_TEXT : z.BROTLI_MODE_GENERIC,
      [z.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main(process.argv.slice(2));

function main(args) {
  const sizeOnly = args[0] === '--size';
  for (const file of sizeOnly ? args.slice(1) : args) {
    const br = brotli(readFileSync(file), !file.endsWith('.wasm'));
    if (sizeOnly) {
      console.log(`${br.length} ${file}`);
    } else {
      writeFileSync(`${file}.br`, br);
      // The same times as the file: a host that derives its validators (ETag, Last-Modified) from
      // them then gives both forms of one file the same, as nginx's gzip_static advises.
      const { atime, mtime } = statSync(file);
      utimesSync(`${file}.br`, atime, mtime);
    }
  }
}
