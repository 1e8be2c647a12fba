import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// After `vite build`: every script and stylesheet of the client build gets its brotli (best
// quality) and gzip copies beside it, which the server sends as they are to browsers that
// accept them (server/plugins/pages.ts): the strongest compression, paid once at build time
// instead of on every first visit.

const ASSETS = fileURLToPath(new URL('../dist/client/assets', import.meta.url));
// .mjs: the map library's worker (520 KB, 122 KB with brotli) keeps its extension.
const COMPRESSIBLE = /\.(m?js|css|svg|json|txt)$/;

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(ASSETS)) {
  const file = path.join(ASSETS, name);
  if (!COMPRESSIBLE.test(name) || statSync(file).size < 1024) continue;
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  files++;
  before += data.length;
  after += br.length;
}
console.log(
  `compressed ${files} files of the client build: ${(before / 1024).toFixed(0)} KB, ${(after / 1024).toFixed(0)} KB with brotli`,
);
