// Vite config for the browser playground only (src/playground -> build/playground). The catalog snapshot is not
// bundled: it is copied next to the page under a content-hashed name, fetched from the site's own origin, and
// loaded into the same Engine the CLI uses. DWS_SNAPSHOT picks another snapshot file, as it does for the CLI.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
const snapshotPath = process.env.DWS_SNAPSHOT ?? path.join(root, 'build', 'snapshot.bin');

function readSnapshot(): Buffer {
  try {
    return readFileSync(snapshotPath);
  } catch {
    throw new Error(`playground: no catalog snapshot at ${snapshotPath}; run \`npm run build\` first`);
  }
}

const snapshot = readSnapshot();
// A content-hashed name, so a static host's cache can never pair a new page with an old snapshot.
const snapshotFile = `snapshot-${createHash('sha256').update(snapshot).digest('hex').slice(0, 16)}.bin`;

function catalogSnapshot(): Plugin {
  return {
    name: 'dws-catalog-snapshot',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: snapshotFile, source: snapshot });
    },
    configureServer(server) {
      server.middlewares.use(`/${snapshotFile}`, (_req, res) => {
        res.setHeader('content-type', 'application/octet-stream');
        res.end(snapshot);
      });
    },
  };
}

export default defineConfig({
  root: path.join(root, 'src', 'playground'),
  base: './',
  publicDir: false,
  clearScreen: false,
  define: { __DWS_SNAPSHOT_FILE__: JSON.stringify(snapshotFile) },
  plugins: [catalogSnapshot()],
  build: {
    outDir: path.join(root, 'build', 'playground'),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
  },
  preview: { host: '127.0.0.1', port: 4173 },
  server: { host: '127.0.0.1' },
});
