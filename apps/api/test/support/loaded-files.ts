import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The files that a process of its own loads as it builds the application from its build (dist:
 * createApp, then close), each as the part of its path after the last node_modules/ (the package's
 * name first) or, for the API's own, the whole URL. The test's own modules are not Node's, hence
 * another process.
 */
export function filesLoadedBuildingApp(): string[] {
  const dist = join(__dirname, '..', '..', 'dist');
  const script = `
    const { registerHooks } = require('node:module');
    const loaded = [];
    registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
    const { createApp } = require(${JSON.stringify(join(dist, 'app.js'))});
    const { loadConfig } = require(${JSON.stringify(join(dist, 'config', 'app-config.js'))});
    createApp(loadConfig(process.env), { logger: false }).then(async (app) => {
      await app.close();
      process.stdout.write(JSON.stringify(loaded.map((url) => url.replace(/.*\\/node_modules\\//, ''))));
    });`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 60_000 })) as string[];
}
