/**
 * Accessibility checks of the browser tests: axe-core against WCAG 2.0 / 2.1 levels A and AA (and
 * its best practices: landmarks, headings), and the keyboard behaviour axe cannot see (focus
 * inside dialogs, a visible focus indicator).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';

const WCAG_A_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BEST_PRACTICE_TAG = 'best-practice';
const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
type Impact = (typeof IMPACTS)[number];
/** Impacts that fail a check; moderate and minor ones are only recorded (but see outsideLandmarks). */
const BLOCKING: ReadonlySet<string> = new Set<Impact>(['critical', 'serious']);

/**
 * Content outside every landmark (axe's moderate best practice `region`, which the run of
 * expectNoSeriousA11yViolations includes) also fails a check, except in Mantine's portals: menus
 * and dropdowns rendered at the end of the body, next to what opened them.
 */
async function outsideLandmarks(page: Page, results: Awaited<ReturnType<AxeBuilder['analyze']>>): Promise<string[]> {
  const nodes = results.violations
    .filter((violation) => violation.id === 'region')
    .flatMap((violation) => violation.nodes.map((node) => ({ impact: violation.impact ?? 'moderate', help: violation.help, target: node.target })));
  // A node's target is one selector unless it lies in a frame or a shadow root; those are reported.
  const inPortal = await page.evaluate(
    (targets) =>
      targets.map(
        (target) => target.length === 1 && typeof target[0] === 'string' && document.querySelector(target[0])?.closest('[data-portal="true"]') != null,
      ),
    nodes.map((node) => node.target as unknown[]),
  );
  return nodes.filter((_, index) => !inPortal[index]).map((node) => `${node.impact} region (${node.help}): ${node.target.join(' ')}`);
}

/** What AxeBuilder evaluates in place of axe's source in a document that already holds it. */
const AXE_ALREADY_LOADED = 'void 0;';

/** Per screen: its violations by impact, written for the summary table (gitignored). */
const SUMMARY_FILE = join(__dirname, '..', '.artifacts', 'a11y-summary.json');

interface ViolationSummary {
  id: string;
  impact: string;
  /** A WCAG A/AA criterion, or one of axe's best practices. */
  standard: 'wcag' | 'best-practice';
  help: string;
  /** Each node: its selector and what axe found wrong with it (e.g. the colours and their contrast). */
  nodes: { target: string; message: string }[];
}

interface ScreenSummary {
  url: string;
  /** Nodes in violation of WCAG A/AA, by impact. */
  counts: Record<Impact, number>;
  /** Nodes against axe's best practices, by impact. */
  bestPracticeCounts: Record<Impact, number>;
  violations: ViolationSummary[];
}

function countByImpact(violations: ViolationSummary[]): Record<Impact, number> {
  return Object.fromEntries(
    IMPACTS.map((impact) => [impact, violations.filter((v) => v.impact === impact).reduce((sum, v) => sum + v.nodes.length, 0)]),
  ) as Record<Impact, number>;
}

function readSummary(): Record<string, ScreenSummary> {
  try {
    return JSON.parse(readFileSync(SUMMARY_FILE, 'utf8')) as Record<string, ScreenSummary>;
  } catch {
    return {};
  }
}

function record(label: string, screen: ScreenSummary): void {
  const summary = readSummary();
  summary[label] = screen;
  mkdirSync(dirname(SUMMARY_FILE), { recursive: true });
  writeFileSync(SUMMARY_FILE, `${JSON.stringify(summary, null, 2)}\n`);
}

/**
 * Runs axe on the page as it is now, records the screen's violations under `label`, and fails
 * listing each serious or critical one (WCAG or best practice) with the nodes it concerns, and any
 * content outside the page's landmarks (outsideLandmarks).
 * `within` (a CSS selector) limits the check to a part of the page: a modal dialog, whose page
 * behind it is out of reach.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string, options: { within?: string } = {}): Promise<void> {
  // Dialogs, menus and dropdowns fade in and out: axe reads colours and landmarks once every transition has ended (or was
  // cancelled); endless animations (a loader, a skeleton's pulse) are not waited for.
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
  // axe runs in the page itself (legacy mode) rather than per frame with its results joined in a
  // new tab opened for every check: the console has no frame of another origin, which only the
  // latter reaches. Its source (half a megabyte, about 0.35 s to evaluate) goes into a document
  // once: the screens a test reaches through the app's links share it. Only violations are
  // reported in full (the passes' nodes are not collected).
  const loaded = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  const builder = new AxeBuilder({ page, ...(loaded ? { axeSource: AXE_ALREADY_LOADED } : {}) })
    .options({ resultTypes: ['violations'] })
    .withTags([...WCAG_A_AA_TAGS, BEST_PRACTICE_TAG])
    .setLegacyMode();
  if (options.within) builder.include(options.within);
  const results = await builder.analyze();
  const violations: ViolationSummary[] = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? 'minor',
    standard: violation.tags.some((tag) => WCAG_A_AA_TAGS.includes(tag)) ? 'wcag' : 'best-practice',
    help: violation.help,
    nodes: violation.nodes.map((node) => ({
      target: node.target.join(' '),
      message: [...node.any, ...node.all, ...node.none].map((check) => check.message).join(' '),
    })),
  }));
  record(label, {
    url: page.url(),
    counts: countByImpact(violations.filter((v) => v.standard === 'wcag')),
    bestPracticeCounts: countByImpact(violations.filter((v) => v.standard === 'best-practice')),
    violations,
  });
  const blocking = [
    ...violations
      .filter((violation) => BLOCKING.has(violation.impact))
      .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((node) => node.target).join(', ')}`),
    ...(await outsideLandmarks(page, results)),
  ];
  expect({ screen: label, blocking }).toEqual({ screen: label, blocking: [] });
}

/** The element that has the focus, as a handle for comparisons. */
function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
}

/**
 * The open dialog keeps the keyboard inside it: the focus is in it, Tab and Shift+Tab past its
 * last and first elements stay in it; Escape closes it and gives the focus back to `returnTo`.
 */
export async function expectDialogTrapsAndReturnsFocus(page: Page, dialog: Locator, returnTo: Locator): Promise<void> {
  const focusInDialog = () => dialog.evaluate((el) => el.contains(document.activeElement));
  await expect(focusInDialog()).resolves.toBe(true);
  const tabbable = await dialog.evaluate(
    (el) =>
      [...el.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
        (candidate) => candidate.tabIndex >= 0 && !candidate.matches(':disabled') && candidate.getClientRects().length > 0,
      ).length,
  );
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i <= tabbable; i += 1) {
      await page.keyboard.press(key);
      await expect(focusInDialog()).resolves.toBe(true);
    }
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect(isFocused(returnTo)).resolves.toBe(true);
}

/** The focused element shows a focus indicator: an outline or a box shadow. */
export async function expectVisibleFocus(locator: Locator): Promise<void> {
  const indicator = await locator.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      focused: el === document.activeElement,
      outline: style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
      shadow: style.boxShadow !== 'none',
    };
  });
  expect(indicator.focused).toBe(true);
  expect(indicator.outline || indicator.shadow).toBe(true);
}
