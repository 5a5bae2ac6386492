// @ts-check
// Preloaded into the Firebase Auth Emulator (`node --require`, through NODE_OPTIONS) by
// startAuthEmulator({ lazyValidation: true }) in tools/stack.mjs. The emulator serves its REST API
// through exegesis, which by default compiles an ajv validator for every request and response
// schema of the Identity Toolkit API before the emulator listens: about 5 s of CPU on a 2-core
// machine, most of the emulator's start. exegesis's own `lazyCompileValidationSchemas` option
// compiles each validator when its operation is first called instead: the same validation, a few
// milliseconds on the first call of each operation. firebase-tools does not set the option, so
// this makes it the default of the exegesis that firebase-tools loads (an option firebase-tools
// passes itself still wins). Should the layout of firebase-tools change, it does nothing.
const Module = require('node:module');
const path = require('node:path');

try {
  const root = path.join(__dirname, '..');
  const fromFirebaseTools = Module.createRequire(require.resolve('firebase-tools/package.json', { paths: [root] }));
  // The module that exegesis-express (the emulator's router) uses, and firebase-tools itself.
  const fromExegesisExpress = Module.createRequire(fromFirebaseTools.resolve('exegesis-express'));
  /** @type {unknown} */
  const loaded = fromExegesisExpress('exegesis/lib/options');
  const options = /** @type {{ compileOptions?: (options?: object) => unknown }} */ (loaded);
  const compileOptions = options.compileOptions;
  if (typeof compileOptions === 'function') {
    options.compileOptions = (given = {}) => compileOptions({ lazyCompileValidationSchemas: true, ...given });
  }
} catch {
  // Not the layout this was written for: the emulator starts as it would without it.
}
