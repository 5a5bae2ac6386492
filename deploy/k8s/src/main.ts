/**
 * Writes the console's manifests to dist/: console-migrate.k8s.yaml (the migration job, run
 * to completion first) and console.k8s.yaml (everything else). CONSOLE_VERSION names the release.
 */
import { App } from 'cdk8s';
import { consoleChart, migrationChart } from './charts.ts';
import { defaultSettings } from './settings.ts';

const app = new App({ outdir: new URL('../dist', import.meta.url).pathname, outputFileExtension: '.k8s.yaml' });
const settings = defaultSettings();
migrationChart(app, settings);
consoleChart(app, settings);
app.synth();
console.log(`Kubernetes manifests of console ${settings.version} written to ${app.outdir}`);
