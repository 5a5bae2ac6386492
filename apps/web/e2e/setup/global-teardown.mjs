export default async function globalTeardown() {
  const pieces = globalThis.__consoleWebE2e ?? [];
  for (const piece of [...pieces].reverse()) {
    try {
      await piece.stop();
    } catch (error) {
      process.stderr.write(`[e2e] could not stop a piece of the stack: ${error.message}\n`);
    }
  }
}
