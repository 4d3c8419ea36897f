// A minimal static file server for the end-to-end tests (no dependencies): serves a directory
// on 127.0.0.1 with the MIME types a Trunk build needs (application/wasm for streaming compile).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serve `dir` on 127.0.0.1 (`port` 0 picks a free one) under the sub-path `prefix` ('/' for the
 * root, or e.g. '/sub/path/'): a request outside it gets 404, as on a host that serves the app
 * in a folder of its own. `requests` lists every path asked for.
 * @returns {Promise<{url: string, requests: string[], close: () => Promise<void>}>}
 */
export async function serveDir(dir, port = 0, prefix = '/') {
  const root = resolve(dir);
  const requests = [];
  const server = createServer(async (req, res) => {
    try {
      const full = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      requests.push(full);
      if (!full.startsWith(prefix)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('outside the served folder');
        return;
      }
      const path = full.slice(prefix.length - 1);
      let file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(403).end();
        return;
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] || 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', ok);
  });
  const { port: bound } = server.address();
  return {
    url: `http://127.0.0.1:${bound}${prefix}`,
    requests,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}

// `node static-server.mjs DIR [PORT]`: serve until stopped.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { url } = await serveDir(process.argv[2] || '.', Number(process.argv[3] || 0));
  console.log(url);
}
