/**
 * The layers of src (DESIGN.md §2), checked by `npm test` (scripts/test-all.ts):
 * no import cycle, type imports included; each runtime keeps to its side; a feature of the
 * PWA uses another feature only through what they share in app/, ui/, i18n/, storage/ or shared/,
 * or through that feature's index (its public entry).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle: one of these files has to give up what it takes from the other.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'src/shared runs in the server, the PWA and the service worker: it imports none of them.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web|sw)/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/(web|sw)/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      from: { path: '^src/(web|sw)/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'feature-keeps-to-itself',
      severity: 'error',
      comment: 'A feature imports another feature\'s internals: move what they share to ui/, app/ or shared/ (a feature may open another through its index).',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/', pathNot: ['^src/web/features/$1/', '^src/web/features/[^/]+/index\\.tsx?$'] },
    },
    {
      name: 'foundations-below-features',
      severity: 'error',
      comment: 'app/, ui/, i18n/ and storage/ are what features build on: they import no feature.',
      from: { path: '^src/web/(app|ui|i18n|storage)/' },
      to: { path: '^src/web/features/' },
    },
    {
      name: 'public-app-not-staff',
      severity: 'error',
      comment: 'The public app imports the staff console: the console is a bundle of its own that visitors never download (staff.html).',
      from: { path: '^src/(web|sw)/', pathNot: '^src/web/staff/' },
      to: { path: '^src/web/staff/' },
    },
    {
      name: 'staff-not-public-features',
      severity: 'error',
      comment: 'The staff console imports a public feature: share it through src/shared, ui/ or i18n/ instead.',
      from: { path: '^src/web/staff/' },
      to: { path: '^src/web/(features|routes|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
