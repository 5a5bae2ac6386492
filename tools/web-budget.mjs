// @ts-check
// The web's download budgets (gzip), checked against the build (apps/web/dist, its source maps in
// apps/web/dist-sourcemaps):
//   node tools/web-budget.mjs [--dist apps/web/dist]               every route against its budget
//   node tools/web-budget.mjs [--dist apps/web/dist] /auth/login …  every script and stylesheet a page loads
// Every route of src/app/router.tsx: the entry (index.html's scripts and stylesheets with their
// static imports) plus the lazy modules of the route and of its parent routes with theirs, read
// from the build's manifest; a signed-in page also loads the identity provider's SDK. The public
// pages without parameters are besides opened in headless Chromium on loopback (no API: a visitor
// who is not signed in), and what the browser loaded until the network fell idle counts for them.
// A page with every monitoring service configured besides loads their modules and Session Replay's
// recorder (src/lib/monitoring/). Exits non-zero when a route is over budget, when its scripts use
// a Mantine component whose styles its stylesheets lack (read from the source maps), when the
// served directory holds a source map or a reference to one, or when the manifest or a script's
// source map is missing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { assetTotals, kb, launchChromium, recordAssets, ROOT, serveBuild, takeDistArgument } from './web-budget-browser.mjs';

const KB = 1024;
/** The JS of each public page (the sign-in page, where most visits start, and sign-up, password reset). */
const PUBLIC_JS_BUDGET = 170 * KB;
/**
 * JS and CSS of every route together, with every monitoring service configured: their modules and
 * Session Replay's recorder (which RUM loads only for the sessions it records) count on every route.
 */
const MONITORED_BUDGET = 350 * KB;
/** The layout of the signed-in pages, and the module of the identity provider's SDK, which they load as they start. */
const SIGNED_IN_LAYOUT = 'src/routes/private/layout.tsx';
const AUTH_SDK = 'src/lib/firebase-auth.ts';
/** The modules of the monitoring services, each loaded when it is configured (src/lib/monitoring/index.ts). */
const MONITORING_SERVICE = /^src\/lib\/monitoring\/(?!index\.ts$)[^/]+\.ts$/;
/** The module of Session Replay's recorder, which RUM loads for the sessions it records. */
const REPLAY_RECORDER = /\/@datadog\/browser-rum\/esm\/boot\/datadogRecorder\.mjs$/;

const WEB = join(ROOT, 'apps', 'web');
/** @type {unknown} TypeScript's compiler, to read the router's and the paths' sources. */
const typescript = createRequire(import.meta.url)('typescript');
const ts = /** @type {typeof import('typescript')} */ (typescript);

const args = process.argv.slice(2);
const dist = takeDistArgument(args);
/** Where the build puts its source maps, out of the served directory (vite.config.ts: sourceMapsApart). */
const maps = `${dist}-sourcemaps`;

/** @param {string} file */
function parse(file) {
  return ts.createSourceFile(file, readFileSync(join(WEB, file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
}

/** The initializer of the top-level `const <name> = …` of a file, without `as const`. */
function constant(/** @type {import('typescript').SourceFile} */ source, /** @type {string} */ name) {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer) {
        const value = declaration.initializer;
        return ts.isAsExpression(value) ? value.expression : value;
      }
    }
  }
  throw new Error(`${source.fileName}: no const ${name}`);
}

/** The value of property `name` of an object literal, if any. */
function property(/** @type {import('typescript').Node} */ node, /** @type {string} */ name) {
  if (!ts.isObjectLiteralExpression(node)) return undefined;
  const found = node.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === name);
  return found && ts.isPropertyAssignment(found) ? found.initializer : undefined;
}

/** `paths.a.b.path` of src/config/paths.ts, as written there. */
const pathsObject = constant(parse('src/config/paths.ts'), 'paths');
function routePath(/** @type {import('typescript').Expression} */ expression) {
  const names = [];
  let node = expression;
  while (ts.isPropertyAccessExpression(node)) {
    names.unshift(node.name.text);
    node = node.expression;
  }
  /** @type {import('typescript').Node | undefined} */
  let value = pathsObject;
  for (const name of names) value = value && property(value, name);
  if (!value || !ts.isStringLiteral(value)) throw new Error(`src/config/paths.ts: no ${expression.getText()}`);
  return value.text;
}

/** A route's own path segment: a literal, or `relative(paths.….path)`. */
function segment(/** @type {import('typescript').Node} */ route) {
  if (property(route, 'index')) return '';
  const path = property(route, 'path');
  if (!path) return undefined;
  if (ts.isStringLiteral(path)) return path.text;
  if (ts.isCallExpression(path) && path.arguments[0]) return routePath(path.arguments[0]).replace(/^\//, '');
  throw new Error(`src/app/router.tsx: unreadable path ${path.getText()}`);
}

/** The source file of an import specifier ('@/…' is src/). */
function sourceFile(/** @type {string} */ specifier) {
  const base = specifier.replace(/^@\//, 'src/');
  const file = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find((f) => existsSync(join(WEB, f)));
  if (!file) throw new Error(`src/app/router.tsx: cannot resolve ${specifier}`);
  return file;
}

/** The modules a route loads itself: every `import('…')` outside its children. */
function lazyModules(/** @type {import('typescript').Node} */ route) {
  /** @type {string[]} */
  const modules = [];
  /** @param {import('typescript').Node} node */
  const visit = (node) => {
    if (ts.isPropertyAssignment(node) && node.name.getText() === 'children') return;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteral(specifier)) modules.push(sourceFile(specifier.text));
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(route, visit);
  return modules;
}

/**
 * The pages of the router: its leaf routes (not redirects), each with its URL pattern and the lazy
 * modules of its chain of routes.
 * @returns {{ pattern: string, modules: string[] }[]}
 */
function pages() {
  /** @type {{ pattern: string, modules: string[] }[]} */
  const result = [];
  /** @param {import('typescript').Node} routes @param {string[]} segments @param {string[]} modules */
  const walk = (routes, segments, modules) => {
    if (!ts.isArrayLiteralExpression(routes)) throw new Error('src/app/router.tsx: routes are not an array literal');
    for (const route of routes.elements) {
      const own = segment(route);
      const chain = own === undefined || own === '' ? segments : [...segments, own];
      const loaded = [...modules, ...lazyModules(route)];
      const children = property(route, 'children');
      if (children) {
        walk(children, chain, loaded);
        continue;
      }
      const element = property(route, 'element');
      if (element && /^<Navigate\b/.test(element.getText())) continue;
      result.push({ pattern: `/auth/${chain.join('/')}`, modules: loaded });
    }
  };
  walk(constant(parse('src/app/router.tsx'), 'routes'), [], []);
  return result;
}

/** @typedef {{ file: string, imports?: string[], css?: string[], isDynamicEntry?: boolean }} ManifestChunk */

/** The build's manifest: every chunk by its source, with the chunks and stylesheets it imports. */
function readManifest() {
  const file = join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${dist} holds no build with a manifest: run \`pnpm --filter @console/web build\` first`);
  /** @type {unknown} */
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  return /** @type {Record<string, ManifestChunk>} */ (manifest);
}

/** The files of these manifest chunks and of everything they import statically. */
function staticClosure(/** @type {Record<string, ManifestChunk>} */ manifest, /** @type {string[]} */ keys) {
  /** @type {Set<string>} */
  const files = new Set();
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {string} key */
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/** Scripts and stylesheets index.html names besides its module (runtime-config.js). */
function documentAssets() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="stylesheet"[^>]*\shref)="\/auth\/([^"]+)"/g)].map((match) => String(match[1]));
}

/** JS and CSS (gzip bytes) of files of the build. */
function weigh(/** @type {Iterable<string>} */ files) {
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(join(dist, file))).length;
    if (file.endsWith('.css')) css += size;
    else js += size;
  }
  return { js, css };
}

const MANTINE_STYLES = join(WEB, 'node_modules', '@mantine', 'core', 'styles');

/** @type {Map<string, Set<string>>} */
const componentsByFile = new Map();
/** The Mantine components whose code a script of the build holds (from its source map). */
function mantineComponents(/** @type {string} */ file) {
  let components = componentsByFile.get(file);
  if (!components) {
    components = new Set();
    const map = join(maps, `${file}.map`);
    if (!existsSync(map)) throw new Error(`${maps} holds no source map of ${file}: run \`pnpm --filter @console/web build\` first`);
    /** @type {unknown} */
    const parsed = JSON.parse(readFileSync(map, 'utf8'));
    for (const source of /** @type {{ sources: string[] }} */ (parsed).sources) {
      const match = /@mantine\/core\/esm\/components\/([^/]+)\//.exec(source);
      if (match?.[1]) components.add(match[1]);
    }
    componentsByFile.set(file, components);
  }
  return components;
}

/** The files of the served directory that are source maps or name one (`sourceMappingURL`), relative to it. */
function servedSourceMaps() {
  return readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.map') || (/\.(?:js|css)$/.test(file) && readFileSync(join(dist, file), 'utf8').includes('sourceMappingURL=')),
  );
}

/**
 * The Mantine components a page's scripts (of the bundle) use whose styles its stylesheets lack (the public pages
 * load only their components' styles: src/main.tsx). A component's styles are recognized by the
 * first class of its stylesheet in @mantine/core/styles.
 */
function unstyledComponents(/** @type {Set<string>} */ files) {
  const css = [...files]
    .filter((file) => file.endsWith('.css'))
    .map((file) => readFileSync(join(dist, file), 'utf8'))
    .join('\n');
  const used = new Set([...files].filter((file) => file.endsWith('.js')).flatMap((file) => [...mantineComponents(file)]));
  return [...used].filter((component) => {
    const stylesheet = join(MANTINE_STYLES, `${component}.css`);
    const firstClass = existsSync(stylesheet) ? /\.m_[0-9a-f]+/.exec(readFileSync(stylesheet, 'utf8'))?.[0] : undefined;
    return firstClass !== undefined && !css.includes(firstClass);
  });
}

/**
 * What a browser loads for each page (script and stylesheet paths, gzip bytes), until the network is idle.
 * @param {string[]} paths
 */
async function browse(paths) {
  const server = await serveBuild(dist);
  const browser = await launchChromium();
  try {
    /** @type {Map<string, import('./web-budget-browser.mjs').Assets>} */
    const result = new Map();
    for (const path of paths) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const assets = recordAssets(page, server.origin);
      await page.goto(`${server.origin}${path}`, { waitUntil: 'networkidle' });
      result.set(path, await assets());
      await context.close();
    }
    return result;
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * The files a page loads besides when every monitoring service is configured (not those of the
 * entry), by service module; fails when the build lacks Session Replay's recorder.
 */
function monitoringFiles(/** @type {Record<string, ManifestChunk>} */ manifest, /** @type {Set<string>} */ entry) {
  const modules = Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry && (MONITORING_SERVICE.test(key) || REPLAY_RECORDER.test(key)));
  if (!modules.some((key) => REPLAY_RECORDER.test(key))) throw new Error(`the build's manifest has no Session Replay recorder (${REPLAY_RECORDER})`);
  /** @type {Set<string>} */
  const files = new Set();
  for (const key of modules) for (const file of staticClosure(manifest, [key])) if (!entry.has(file)) files.add(file);
  return files;
}

/** Every route against its budget: prints a table and sets a failing exit code when one is over. */
async function checkBudgets() {
  const served = servedSourceMaps();
  if (served.length > 0) throw new Error(`${dist} serves source maps or references to them: ${served.join(', ')}`);
  const manifest = readManifest();
  const entry = new Set([...staticClosure(manifest, ['index.html']), ...documentAssets()]);
  const monitoring = monitoringFiles(manifest, entry);
  for (const file of [...monitoring].sort()) console.log(`with monitoring configured: ${kb(weigh([file]).js).padStart(5)} KB  ${file}`);
  const withMonitoring = weigh(monitoring);
  console.log(`with monitoring configured: ${kb(withMonitoring.js + withMonitoring.css).padStart(5)} KB more on every page`);
  const routes = pages().map(({ pattern, modules }) => {
    const signedIn = modules.includes(SIGNED_IN_LAYOUT);
    const bundled = staticClosure(manifest, ['index.html', ...modules, ...(signedIn ? [AUTH_SDK] : [])]);
    const files = new Set([...entry, ...bundled]);
    return { pattern, signedIn, ...weigh(files), measured: 'build graph', unstyled: unstyledComponents(bundled) };
  });
  const publicPages = routes.filter((route) => !route.signedIn && !/[:*]/.test(route.pattern));
  const loaded = await browse(publicPages.map((route) => route.pattern));
  for (const route of publicPages) {
    const assets = loaded.get(route.pattern);
    if (assets) Object.assign(route, assetTotals(assets), { measured: 'browser' });
  }
  let over = 0;
  const width = Math.max(...routes.map((route) => route.pattern.length));
  const header = ['JS KB', 'CSS KB', 'total', 'monitored'].map((title) => title.padStart(9));
  console.log(`${'route'.padEnd(width)}  ${header.join('  ')}  ${'budget (gzip KB)'.padEnd(45)}  measured`);
  for (const route of routes) {
    const total = route.js + route.css;
    const monitored = total + withMonitoring.js + withMonitoring.css;
    const jsBudget = route.signedIn ? undefined : PUBLIC_JS_BUDGET;
    const fails = monitored > MONITORED_BUDGET || (jsBudget !== undefined && route.js > jsBudget);
    if (fails) over += 1;
    const budget = `${jsBudget ? `JS ≤ ${jsBudget / KB}, ` : ''}monitored ≤ ${MONITORED_BUDGET / KB}`;
    const sizes = [route.js, route.css, total, monitored].map((bytes) => kb(bytes).padStart(9));
    const row = [route.pattern.padEnd(width), ...sizes, budget.padEnd(45), route.measured];
    console.log(`${row.join('  ')}${fails ? '  OVER BUDGET' : ''}`);
  }
  const unstyled = routes.filter((route) => route.unstyled.length > 0);
  for (const route of unstyled) console.error(`${route.pattern}: Mantine components without their styles: ${route.unstyled.join(', ')}`);
  if (over > 0) console.error(`${over} route(s) over budget`);
  if (over > 0 || unstyled.length > 0) process.exitCode = 1;
  else console.log(`every route within budget, every Mantine component with its styles (${routes.length} routes)`);
}

if (args.length > 0) {
  for (const [path, assets] of await browse(args)) {
    const { js, css } = assetTotals(assets);
    console.log(`${path}: ${assets.size} files, JS ${kb(js)} KB + CSS ${kb(css)} KB gzip`);
    for (const [name, { gzip }] of [...assets].sort((a, b) => b[1].gzip - a[1].gzip)) console.log(`  ${kb(gzip).padStart(7)} KB  ${name}`);
  }
} else {
  await checkBudgets();
}
