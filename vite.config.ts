import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { site } from './src/shared/site.ts';

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
        globIgnores: ['**/welcome.html', '**/floor-plan.svg'],
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
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    proxy: {
      '/public-api': apiTarget,
      '/admin-api': apiTarget,
    },
  },
});
