/**
 * The layers of src (docs/architecture.md), checked by `npm test` (scripts/test-all.ts):
 * no import cycle, type imports included; each runtime keeps to its side; a feature of the
 * PWA uses another feature only through what they share in app/, ui/, i18n/, storage/ or shared/,
 * or through that feature's index (its public entry); the server's floors import only downward,
 * and every file of the server is on one of them.
 */

/**
 * The server's floors, top to bottom. The composition (index.ts, app.ts, env.ts, the command line)
 * wires everything; the adapters answer HTTP (routes/, http/) and write e-mails (messages/);
 * the domains own their SQL and rules, each importing only the domains below it; the
 * infrastructure (the database, the outbox, mail transport, payments, secrets, deps.ts, log.ts)
 * knows no domain. Within it, deps.ts stands on the rest: it gathers them into what the app is
 * given (AppDeps), so none of them imports it back.
 */
const server = 'src/server/';
const composition = [`^${server}(index|app|env)\\.ts$`, `^${server}cli/`];
const adapters = [`^${server}(routes|http|messages)/`];
const domainOrder = ['books', 'units', 'lease', 'bookings', 'waitlist', 'reservations', 'billing', 'documents', 'staff'];
const domains = [`^${server}(${domainOrder.join('|')})/`];
const gatheredInfrastructure = [`^${server}(db|outbox|mail|payments|secrets)/`, `^${server}(log|repeat)\\.ts$`];
const deps = `^${server}deps\\.ts$`;
const infrastructure = [...gatheredInfrastructure, deps];

const serverLayers = [
  {
    name: 'server-infrastructure-knows-no-domain',
    severity: 'error',
    comment: 'Infrastructure imports a domain, an adapter or the composition: pass what it needs in (as the mail worker is given its renderer).',
    from: { path: infrastructure },
    to: { path: [...domains, ...adapters, ...composition] },
  },
  {
    name: 'server-deps-above-infrastructure',
    severity: 'error',
    comment: 'The database, the outbox, mail, payments, secrets, log.ts or repeat.ts imports deps.ts, which gathers them: take the few values needed as a parameter of their own shape.',
    from: { path: gatheredInfrastructure },
    to: { path: deps },
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
    comment: 'A route, an HTTP helper or an e-mail template imports the composition (index.ts, app.ts, env.ts, the command line): take what it needs as a dependency instead.',
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
  {
    name: 'server-messages-not-http',
    severity: 'error',
    comment: 'An e-mail template imports a route or an HTTP helper: messages are written from their rows, not from a request.',
    from: { path: `^${server}messages/` },
    to: { path: `^${server}(routes|http)/` },
  },
  {
    name: 'server-routes-not-messages',
    severity: 'error',
    comment: 'A route imports an e-mail template: a route writes the event (its domain enqueues the message), and the mail worker renders it.',
    from: { path: `^${server}routes/` },
    to: { path: `^${server}messages/` },
  },
  // Each domain keeps from those listed before it; the first, with none above it, needs no rule.
  ...domainOrder.slice(1).map((domain, i) => ({
    name: `server-domain-order-${domain}`,
    severity: 'error',
    comment: `A domain imports one above it (${domainOrder.join(' > ')}): move what both need down, or pass it in.`,
    from: { path: `^${server}${domain}/` },
    to: { path: `^${server}(${domainOrder.slice(0, i + 1).join('|')})/` },
  })),
];

/**
 * Every file of the server belongs to one of the floors above, so that none escapes their rules:
 * a new folder (or a file directly under src/server/) is given its floor here first. Flagged
 * whichever way it is reached: what it imports, what imports it, or neither.
 */
const layered = [...composition, ...adapters, ...domains, ...infrastructure];
const inNoLayer = { path: `^${server}`, pathNot: layered };
const comment = 'A file of src/server/ on none of the floors (composition, adapters, domains, infrastructure: .dependency-cruiser.cjs): add it or its folder to its floor, so that the floors\' rules apply to it.';
const serverFilesInALayer = [
  { name: 'server-file-in-no-layer', severity: 'error', comment, from: inNoLayer, to: {} },
  { name: 'server-file-in-no-layer-imported', severity: 'error', comment, from: {}, to: inNoLayer },
  { name: 'server-file-in-no-layer-orphan', severity: 'error', comment, from: { ...inNoLayer, orphan: true }, to: {} },
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
      comment: 'The server imports the PWA or the service worker: what both need belongs in src/shared.',
      from: { path: '^src/server/' },
      to: { path: '^src/(web|sw)/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The PWA or the service worker imports the server (its code would ship to browsers): what both need belongs in src/shared.',
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
    ...serverFilesInALayer,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
