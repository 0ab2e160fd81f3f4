import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { build, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { waitlistFrameCatalogue } from './src/web/features/waitlist/frame-catalogue.ts';
import { categories } from './src/shared/domain/categories.ts';
import { site } from './src/shared/site.ts';

/**
 * Puts the entry stylesheet into index.html as a <style>: a linked stylesheet blocks the first
 * paint for a round trip, and on a phone in the building that is the slowest part of loading.
 * The server allows this inline style by its hash in the CSP. The same rules loaded again by a
 * lazy chunk change nothing.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      let source = String(html.source);
      for (const [name, file] of Object.entries(bundle)) {
        if (file.type !== 'asset' || !name.endsWith('.css')) continue;
        const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${name.replace(/[.]/g, '\\.')}"[^>]*>`);
        if (!link.test(source)) continue;
        source = source.replace(link, () => `<style>${String(file.source).trim()}</style>`);
        // The file stays: lazy chunks list it among the dependencies they preload.
      }
      html.source = source;
    },
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * waitlist.html: index.html with the first screen of /waitlist (its frame, as the app renders it)
 * instead of the inventory's, which the server answers /waitlist with. A visitor on a slow
 * connection sees the page they asked for, not categories that vanish, and the app's frame
 * replaces the same heading and text in place (nothing moves, and the largest text is painted
 * from the HTML, not after the JavaScript).
 */
function waitlistPage(): Plugin {
  return {
    name: 'waitlist-page',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const m = waitlistFrameCatalogue.en;
      const frame =
        `<div class="waitlist-page"><a class="button button--ghost waitlist-page__back" href="/"><span aria-hidden="true">←</span> ${escapeHtml(m.back)}</a>` +
        `<h1>${escapeHtml(m.heading)}</h1><p>${escapeHtml(m.intro)}</p><p class="status-text">${escapeHtml(m.loading)}</p></div>`;
      const html = String(index.source)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(`${m.pageName} - ${site.productName}`)}</title>`)
        .replace(/\s*<div class="hero">[\s\S]*?<\/div>/, '')
        .replace(/<main>[\s\S]*<\/main>/, `<main>${frame}</main>`);
      if (!html.includes(frame) || html.includes('class="hero"')) this.error('waitlist.html: index.html no longer has the <main> and hero its skeleton replaces');
      this.emitFile({ type: 'asset', fileName: 'waitlist.html', source: html });
    },
  };
}

/**
 * The pages the app lands on most, by path, with the route module that renders each: /boot.js
 * fetches that route's chunks with the entry's instead of after the entry has run and the router
 * has matched the path (a second round trip, or a second wait on the service worker's cache).
 */
const landingRoutes: { paths: RegExp; module: RegExp }[] = [
  { paths: new RegExp(`^/(${categories.map((c) => c.slug).join('|')})?/?$`), module: /[\\/]routes[\\/]_inventory\.\$category\.tsx\?tsr-split=component$/ },
  { paths: /^\/waitlist\/?$/, module: /[\\/]routes[\\/]waitlist\.tsx\?tsr-split=component/ },
];

/**
 * The queued-entries indicator, which every screen loads once a waitlist entry waits on the
 * device, often while offline: /boot.js fetches its chunks (without running them) once the app
 * has started, so a page no service worker controls can still show it offline.
 */
const laterModule = /[\\/]features[\\/]waitlist[\\/]pending-entries\.tsx$/;

/**
 * What every page's shell loads right after the first screen (the install button and the service
 * worker's notices, app/pwa.tsx): /boot.js asks for it with the entry's modules, so no request
 * comes after them, and a page the worker controls asks for everything in one task.
 */
const shellModule = /[\\/]app[\\/]pwa\.tsx$/;

type BuiltChunk = { type: string; fileName: string; facadeModuleId?: string | null; imports?: string[] };

/** A chunk and every chunk it imports statically, by file name: what is loaded once it has run. */
function staticClosure(chunks: Record<string, Pick<BuiltChunk, 'imports'>>, file: string): Set<string> {
  const closure = new Set<string>();
  const visit = (name: string) => {
    if (closure.has(name)) return;
    closure.add(name);
    for (const next of chunks[name]?.imports ?? []) visit(next);
  };
  visit(file);
  return closure;
}

/**
 * Replaces the entry's module script and its modulepreload links with /boot.js, which requests
 * them after the first frame: index.html's own content (header, categories, loading text)
 * always paints before any JavaScript is fetched or run. It also lists each landing route's
 * chunks that the entry does not import already (data-routes: [path pattern, files]), the shell's
 * own lazy chunks (data-shell), and the chunks to fetch once the app has started (data-later).
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { path, bundle }) {
        // Only the public page races its first paint; any other page keeps Vite's own tags.
        if (path !== '/index.html') return html;
        const preloads: string[] = [];
        let out = html.replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
          preloads.push(href);
          return '';
        });
        const chunks = (bundle ?? {}) as Record<string, BuiltChunk>;
        const entry = /<script type="module" crossorigin src="\/([^"]+)"><\/script>/.exec(out)?.[1] ?? '';
        const loaded = staticClosure(chunks, entry);
        // The JS files a module's chunk needs that the entry has not loaded, as URLs.
        const missingFor = (module: RegExp) => {
          const chunk = Object.values(chunks).find((c) => c.type === 'chunk' && module.test(c.facadeModuleId ?? ''));
          if (!chunk) throw new Error(`start-after-first-paint: no chunk of ${module}`);
          return [...staticClosure(chunks, chunk.fileName)].filter((file) => !loaded.has(file) && file.endsWith('.js')).map((file) => `/${file}`);
        };
        const routes = landingRoutes.map(({ paths, module }) => [paths.source, missingFor(module)]);
        const later = missingFor(laterModule);
        const shell = missingFor(shellModule);
        out = out.replace(
          /<script type="module" crossorigin src="([^"]+)"><\/script>/,
          (_tag, src: string) =>
            `<script src="/boot.js" data-entry="${src}" data-preload="${preloads.join(' ')}" data-routes='${JSON.stringify(routes)}' data-shell="${shell.join(' ')}" data-later="${later.join(' ')}" defer></script>`,
        );
        return out;
      },
    },
  };
}

/**
 * The chunks of the build, as the bundle has them when the lazy imports' preload lists are
 * written (captured by `knownChunks` below, read by `preloadOnlyWhatIsMissing`).
 */
let builtChunks: Record<string, Pick<BuiltChunk, 'imports'>> = {};

function knownChunks(): Plugin {
  return {
    name: 'known-chunks',
    apply: 'build',
    generateBundle: { order: 'pre', handler: (_options, bundle) => void (builtChunks = bundle as typeof builtChunks) },
  };
}

/**
 * A lazy import preloads what it needs, less what the chunk importing it already imported
 * statically: that is in the page by then. Each route's list in the entry is then only its own
 * chunks, so a new route costs the first paint a few bytes, not a list of the whole app.
 */
function preloadOnlyWhatIsMissing(_filename: string, deps: string[], { hostId }: { hostId: string }): string[] {
  const loaded = staticClosure(builtChunks, hostId);
  return deps.filter((dep) => !loaded.has(dep));
}

/**
 * The staff console: staff.html → src/web/staff/main.tsx, built by a build of its own into the
 * same folder once the public build is written. In the public build's module graph it would
 * share React, the router and the query client with index.html, and the chunks they share
 * would be split again by who uses them: more, smaller files on the public first paint (1.3 KB
 * gzip more, measured, against a budget with 0.2 KB left). Built apart, the public output is
 * byte for byte what it was, and every file of the console is under assets/staff/, which the
 * public service worker leaves out of its precache by one pattern.
 */
const staffAssets = 'assets/staff';
const isStaffModule = (id: string) => /[\\/]src[\\/]web[\\/]staff[\\/]|[\\/]staff\.html$/.test(id);

function staffConsole(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'staff-console',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    // A guard: no public chunk may carry a module of the console (depcruise forbids the import; this catches a slip).
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && file.moduleIds.some(isStaffModule)) this.error(`${file.fileName} of the public build holds the staff console`);
      }
    },
    async closeBundle() {
      // The same names by the chunk's modules as the guard above: a console chunk of only
      // node_modules (React…) is the console's copy all the same, so the folder is the whole build's.
      const name = (chunk: { moduleIds: readonly string[] }) => `${staffAssets}/${chunk.moduleIds.some(isStaffModule) ? '' : 'lib-'}[name]-[hash].js`;
      await build({
        configFile: false,
        root,
        publicDir: false,
        logLevel: 'warn',
        plugins: [react()],
        build: {
          outDir,
          emptyOutDir: false,
          target: 'es2022',
          sourcemap: false,
          manifest: false,
          rolldownOptions: {
            input: { staff: resolve(root, 'staff.html') },
            output: { entryFileNames: name, chunkFileNames: name, assetFileNames: `${staffAssets}/[name]-[hash][extname]` },
          },
        },
      });
    },
  };
}

/** `npm run dev`: every console path is the console's page, as the server answers them. */
function staffConsolePages(): Plugin {
  return {
    name: 'staff-console-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/staff(\/[^.]*)?(\?.*)?$/.test(req.url)) req.url = '/staff.html';
        next();
      });
    },
  };
}

/** The modules of the 'startup' chunk (see codeSplitting below); what they import joins them. */
const startupModules = new RegExp(
  [
    String.raw`react[\\/]jsx-runtime`,
    'QueryClientProvider',
    'useNavigate',
    String.raw`queryOptions\.`,
    String.raw`ui[\\/]alert\.tsx`,
    String.raw`contract[\\/](offices|common)\.ts`,
    String.raw`domain[\\/]text\.ts`,
    String.raw`i18n[\\/](app-catalogue|format)\.ts`,
    String.raw`shared[\\/]site\.ts`,
    String.raw`domain[\\/]pricing\.ts`,
  ].join('|'),
);

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/web/routes',
      generatedRouteTree: 'src/web/route-tree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // Every route chunk is precached, so each screen opens offline once installed.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,txt}'],
        // The staff console is for staff on the network: it never lands in a visitor's cache.
        globIgnores: ['**/welcome.html', '**/floor-plan.svg', '**/staff.html', '**/assets/staff/**'],
      },
      manifest: {
        name: site.productName,
        short_name: site.shortName,
        description: 'Offices, desks, meeting rooms, day passes and mailboxes in Montréal — book and pay online.',
        lang: 'en-CA',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f5c4d',
        background_color: '#f6f4ef',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
    inlineEntryCss(),
    waitlistPage(),
    startAfterFirstPaint(),
    knownChunks(),
    staffConsole(),
    staffConsolePages(),
  ],
  build: {
    target: 'es2022',
    // No modulepreload polyfill in the entry: /boot.js has fetched and run the entry's imports
    // before the entry runs, so the polyfill would only find links already used; a browser
    // without modulepreload loads a lazy route's chunks through its imports, as it would anyway.
    modulePreload: { polyfill: false, resolveDependencies: preloadOnlyWhatIsMissing },
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React DOM in a chunk of its own, so /boot.js runs it in a task of its own (it is the
            // largest module the first screen evaluates).
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]|app[\\/]react-dom-client\.ts/, priority: 2 },
            // The first screen's small modules that lazy routes share too (the JSX runtime, the
            // query provider, the router's navigation hook, the offices contract and the zod it
            // needs, the alert, the app's catalogue, the site's facts, formatting and prices) in
            // one chunk: split by which routes share them, they were files of 0.3 to 2 KB, each
            // one more request and more gzip framing (critical JS 134.6 KB in 12 files with them
            // together).
            { name: 'startup', test: startupModules, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/public-api': apiTarget,
      '/admin-api': apiTarget,
    },
  },
});
