/**
 * The layers of src (docs/architecture.md), checked by `npm test` (scripts/test-all.ts):
 * no import cycle, type imports included; each runtime keeps to its side; a feature of the
 * PWA uses another feature only through what they share in app/, ui/, i18n/, storage/ or shared/,
 * or through that feature's index (its public entry); the server's floors import only downward.
 */

/**
 * The server's floors, top to bottom. The composition (index.ts, app.ts, env.ts, the command line)
 * wires everything; the adapters answer HTTP (routes/, http/) and write e-mails (messages/);
 * the domains own their SQL and rules, each importing only the domains below it; the
 * infrastructure (the database, the outbox, mail transport, payments, secrets, deps.ts, log.ts)
 * knows no domain.
 */
const server = 'src/server/';
const composition = [`^${server}(index|app|env)\\.ts$`, `^${server}cli/`];
const adapters = [`^${server}(routes|http|messages)/`];
const domainOrder = ['units', 'lease', 'bookings', 'waitlist', 'reservations', 'documents', 'staff'];
const domains = [`^${server}(${domainOrder.join('|')})/`];
const infrastructure = [`^${server}(db|outbox|mail|payments|secrets)/`, `^${server}(deps|log)\\.ts$`];

const serverLayers = [
  {
    name: 'server-infrastructure-knows-no-domain',
    severity: 'error',
    comment: 'Infrastructure imports a domain, an adapter or the composition: pass what it needs in (as the mail worker is given its renderer).',
    from: { path: infrastructure },
    to: { path: [...domains, ...adapters, ...composition] },
  },
  {
    name: 'server-domains-below-adapters',
    severity: 'error',
    comment: 'A domain imports a route, an HTTP helper, an e-mail template or the composition: return what happened and let the adapter answer.',
    from: { path: domains },
    to: { path: [...adapters, ...composition] },
  },
  {
    name: 'server-adapters-below-composition',
    severity: 'error',
    from: { path: adapters },
    to: { path: composition },
  },
  {
    name: 'server-http-below-routes',
    severity: 'error',
    comment: 'http/ is what routes build on: it imports no route and no e-mail template.',
    from: { path: `^${server}http/` },
    to: { path: `^${server}(routes|messages)/` },
  },
  ...domainOrder.map((domain, i) => ({
    name: `server-domain-order-${domain}`,
    severity: 'error',
    comment: `A domain imports one above it (${domainOrder.join(' > ')}): move what both need down, or pass it in.`,
    from: { path: `^${server}${domain}/` },
    to: { path: i === 0 ? '^$' : `^${server}(${domainOrder.slice(0, i).join('|')})/` },
  })),
];

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
    ...serverLayers,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
